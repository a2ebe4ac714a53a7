import type { IHttpOperation } from '@stoplight/types'
import { getHttpOperationsFromSpec } from '@stoplight/prism-http'
import { readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import { applyVendorFixes, type Json } from './overlay'

/** The vendor's OpenAPI document as the gate reads it, and the violations the gate reports. */

export const VENDOR_DOCUMENT_FILE = fileURLToPath(new URL('./gptmaker-openapi.json', import.meta.url))

/** The vendor's document exactly as published (a verbatim copy in the repo). */
export function vendorDocument(): Json {
  return JSON.parse(readFileSync(VENDOR_DOCUMENT_FILE, 'utf8')) as Json
}

/** The vendor's document with the overlay's corrections. */
export function fixedVendorDocument(): Json {
  return applyVendorFixes(vendorDocument())
}

let fixedOperations: Promise<IHttpOperation[]> | undefined

/** Prism's operations of a document (the corrected vendor document when none is given). */
export function vendorOperations(doc?: Json): Promise<IHttpOperation[]> {
  if (doc) return getHttpOperationsFromSpec(structuredClone(doc))
  fixedOperations ??= getHttpOperationsFromSpec(fixedVendorDocument())
  return fixedOperations
}

export interface Violation {
  method: string
  /** The path as sent, e.g. /v2/agent/3EB7.../webhooks. */
  path: string
  /** The document's operation, e.g. PUT /v2/agent/{agentId}/webhooks; absent when none matched. */
  operation?: string
  /** request or response, then where: `request body.behavior`, `response body.0.avatar`, `request query.query`. */
  location: string
  message: string
}

export function formatViolation(v: Violation): string {
  const op = v.operation ? ` [${v.operation}]` : ''
  return `${v.method} ${v.path}${op} ${v.location}: ${v.message}`
}

/** The distinct violations, one line each, for a failure message. */
export function describeViolations(violations: Violation[]): string {
  const lines = [...new Set(violations.map(formatViolation))]
  return `${lines.length} violation(s) of the vendor document:\n  ${lines.join('\n  ')}`
}
