import { describe, expect, it } from 'vitest'
import { endpointNames, endpoints } from '../../electron/contract/endpoints'
import { vendorDocument } from '../vendor/gate'

/**
 * Every operation of the vendor's OpenAPI document (the verbatim copy, not the corrected one) must
 * be an entry of the endpoint table, under the same method and path template: the desk offers all
 * of the vendor API.
 */

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'head', 'options']

/** `METHOD /path` of every operation a document declares. */
export function operationsOf(doc: Record<string, unknown>): string[] {
  const paths = doc.paths as Record<string, Record<string, unknown>>
  return Object.entries(paths).flatMap(([path, item]) =>
    Object.keys(item)
      .filter((m) => HTTP_METHODS.includes(m))
      .map((m) => `${m.toUpperCase()} ${path}`),
  )
}

const inTable = new Set(endpointNames.map((name) => `${endpoints[name].method} ${endpoints[name].path}`))

describe('the vendor document against the endpoint table', () => {
  const vendor = operationsOf(vendorDocument())

  it('reads every operation of the document (56 paths, 73 operations in the March 2026 copy)', () => {
    expect(vendor.length).toBe(73)
    expect(new Set(vendor).size).toBe(vendor.length)
  })

  it('has every operation of the vendor document in the endpoint table, naming each one missing', () => {
    const missing = vendor.filter((op) => !inTable.has(op))
    expect(missing, `missing from the endpoint table:\n${missing.join('\n')}`).toEqual([])
  })

  it('the check fails naming an operation the table lacks', () => {
    const doc = structuredClone(vendorDocument()) as { paths: Record<string, Record<string, unknown>> }
    doc.paths['/v2/agent/{agentId}/made-up'] = { get: { responses: {} } }
    const missing = operationsOf(doc).filter((op) => !inTable.has(op))
    expect(missing).toEqual(['GET /v2/agent/{agentId}/made-up'])
  })
})
