import type { Json, VendorFix } from './overlay'

/**
 * Corrections to the vendor document for the live-chat operations, spread into
 * VENDOR_FIXES. Same rules: each fixes one real bug, never loosens a schema to hide a finding, and
 * throws when the bug is gone.
 */

function obj(v: unknown, where: string): Json {
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw new Error(`vendor document: ${where} is not an object`)
  return v as Json
}

function op(doc: Json, method: string, path: string): Json {
  return obj(obj(obj(doc.paths, 'paths')[path], `paths[${path}]`)[method], `${method.toUpperCase()} ${path}`)
}

function check(condition: boolean, fix: string, what: string): void {
  if (!condition) throw new Error(`vendor fix ${fix}: ${what} (the document changed: review or remove this fix)`)
}

function requestSchema(operation: Json, where: string): Json {
  const body = obj(operation.requestBody, `${where} requestBody`)
  return obj(obj(obj(body.content, `${where} content`)['application/json'], `${where} json`).schema, `${where} schema`)
}

/** Request bodies whose alternatives overlap, so that a valid body matches several of them. */
const OVERLAPPING_BODIES: [string, string][] = [
  ['post', '/v2/chat/{chatId}/send-message'],
  ['post', '/v2/workspace/{workspaceId}/export'],
  ['post', '/v2/agent/{agentId}/conversation'],
  ['post', '/v2/agent/{agentId}/add-message'],
]

export const LIVE_CHAT_FIXES: VendorFix[] = [
  {
    id: 'live-chat-bodies-anyOf',
    why:
      'The bodies of send-message, export, conversation and add-message are a `oneOf` whose alternatives overlap: ' +
      "send-message's image, audio, video and document alternatives require nothing (every body matches all four), " +
      "export's `{}` (export everything) is also a valid `{page, pagesize}`, and an image prompt is also a valid " +
      'text prompt. Every valid body then matches more than one branch and `oneOf` refuses it; `anyOf` is what ' +
      'is meant (api-notes §3.2, §3.9, §3.11). The alternatives themselves are kept as they are.',
    apply(doc) {
      for (const [method, path] of OVERLAPPING_BODIES) {
        const schema = requestSchema(op(doc, method, path), path)
        check(Array.isArray(schema.oneOf), this.id, `${path} has no oneOf body any more`)
        schema.anyOf = schema.oneOf
        delete schema.oneOf
      }
    },
  },
  {
    id: 'export-answers-rows',
    why:
      'POST /v2/workspace/{workspaceId}/export exports "all the sessions of the list" as CSV rows, but its 200 ' +
      'answer is drawn as one row object (api-notes §3.11: "CSV rows, documented as {contactName, ...}"). The ' +
      'row schema is kept as it is, as the item of an array.',
    apply(doc) {
      const responses = obj(op(doc, 'post', '/v2/workspace/{workspaceId}/export').responses, 'responses')
      const media = obj(obj(obj(responses['200'], '200').content, '200 content')['application/json'], '200 json')
      const row = obj(media.schema, 'export schema')
      check(row.type === 'object' && row.properties !== undefined, this.id, 'the answer is no longer drawn as one row')
      media.schema = { type: 'array', items: row }
    },
  },
]
