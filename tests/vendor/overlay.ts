/**
 * Corrections to the vendor's OpenAPI document (tests/vendor/gptmaker-openapi.json, kept verbatim).
 *
 * Each fix corrects one real bug of the document, or records one behaviour of the live service the
 * document omits (citing /work/shared/spec/api-notes.md, copied into docs as "api-notes"). A fix
 * never loosens a schema to make a finding go away. Every fix first checks that the bug is still
 * there and throws when it is not: a newer vendor document that fixed it must not be "fixed" twice,
 * and the fix is then removed from this list.
 */

import { LIVE_CHAT_FIXES } from './overlayLiveChats'

export type Json = Record<string, unknown>

export interface VendorFix {
  id: string
  /** Why the document is wrong (or where the live service differs), and where that is recorded. */
  why: string
  apply(doc: Json): void
}

function isObj(v: unknown): v is Json {
  return typeof v === 'object' && v !== null && !Array.isArray(v)
}

function obj(v: unknown, where: string): Json {
  if (!isObj(v)) throw new Error(`vendor document: ${where} is not an object`)
  return v
}

/** The operation object at `paths[path][method]`. */
export function operationOf(doc: Json, method: string, path: string): Json {
  return obj(obj(obj(doc.paths, 'paths')[path], `paths[${path}]`)[method], `${method.toUpperCase()} ${path}`)
}

function parametersOf(op: Json): Json[] {
  if (op.parameters === undefined) return []
  if (!Array.isArray(op.parameters)) throw new Error('vendor document: parameters is not an array')
  return op.parameters as Json[]
}

/** The JSON media type object (the holder of `schema`) of one response. */
function jsonResponse(op: Json, status: string): Json {
  const response = obj(obj(op.responses, 'responses')[status], `response ${status}`)
  return obj(obj(response.content, `response ${status} content`)['application/json'], `response ${status} json`)
}

function jsonRequest(op: Json): Json {
  const body = obj(op.requestBody, 'requestBody')
  return obj(obj(body.content, 'requestBody content')['application/json'], 'requestBody json')
}

function expect(condition: boolean, fix: string, what: string): void {
  if (!condition) throw new Error(`vendor fix ${fix}: ${what} (the document changed: review or remove this fix)`)
}

function pathParam(name: string, description: string): Json {
  return { name, in: 'path', description, required: true, schema: { type: 'string' } }
}

/** A schema drawn as one item of a list that the operation really answers: wrapped in an array. */
function wrapInArray(fix: string, op: Json, status: string): void {
  const media = jsonResponse(op, status)
  const item = obj(media.schema, 'schema')
  expect(item.type !== 'array' && item.properties !== undefined, fix, 'the answer is no longer drawn as one item')
  media.schema = { type: 'array', items: item }
}

/** `nullable: true` beside an `anyOf` without `type`: the null goes into the alternatives. */
function nullableIntoAnyOf(fix: string, schema: Json): void {
  expect(schema.nullable === true && schema.type === undefined, fix, 'the value schema has a type or no nullable')
  const alternatives = schema.anyOf
  expect(Array.isArray(alternatives), fix, 'the value schema has no anyOf')
  delete schema.nullable
  schema.anyOf = (alternatives as Json[]).map((alternative) => ({ ...alternative, nullable: true }))
}

function customFieldValueOf(contact: Json): Json {
  const values = obj(obj(contact.properties, 'contact properties').customFieldValues, 'customFieldValues')
  return obj(obj(obj(values.items, 'customFieldValues items').properties, 'item properties').value, 'value')
}

const ERROR_RESPONSES: Json = {
  '400': {
    description: 'Erro inesperado',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
  },
  '403': {
    description: 'Erro de token',
    content: { 'application/json': { schema: { $ref: '#/components/schemas/Error403' } } },
  },
}

export const VENDOR_FIXES: VendorFix[] = [
  {
    id: 'transfer-rules-path-parameter',
    why:
      'GET /v2/agent/{id}/transfer-rules declares its path parameter as `agentId` while the path template ' +
      'says `{id}`: the declared parameter can never be filled and `{id}` is undeclared (api-notes §6.1).',
    apply(doc) {
      const params = parametersOf(operationOf(doc, 'get', '/v2/agent/{id}/transfer-rules'))
      const wrong = params.find((p) => p.in === 'path' && p.name === 'agentId')
      expect(wrong !== undefined && !params.some((p) => p.name === 'id'), this.id, 'agentId is no longer declared')
      wrong!.name = 'id'
    },
  },
  {
    id: 'mcp-add-path-parameter',
    why:
      'POST /v2/agent/{agentId}/mcp/add declares a path parameter `mcpId`, but the path carries `{agentId}` ' +
      '(the MCP connection does not exist yet; its id is in the answer) (api-notes §3.7, §6.1).',
    apply(doc) {
      const op = operationOf(doc, 'post', '/v2/agent/{agentId}/mcp/add')
      const params = parametersOf(op)
      expect(params.length === 1 && params[0].name === 'mcpId', this.id, 'mcpId is no longer the declared parameter')
      op.parameters = [pathParam('agentId', 'ID do agente')]
    },
  },
  {
    id: 'contacts-path-parameters',
    why:
      'Contacts search, get-contact and update-contact declare no path parameters although their paths carry ' +
      '`{workspaceId}` and `{contactId}` (api-notes §3.10, §6.1).',
    apply(doc) {
      const cases: [string, string, Json[]][] = [
        ['get', '/v2/workspace/{workspaceId}/search', [pathParam('workspaceId', 'ID do workspace')]],
        [
          'get',
          '/v2/workspace/{workspaceId}/contact/{contactId}',
          [pathParam('workspaceId', 'ID do workspace'), pathParam('contactId', 'ID do contato')],
        ],
        ['put', '/v2/contact/{contactId}/update', [pathParam('contactId', 'ID do contato')]],
      ]
      for (const [method, path, added] of cases) {
        const op = operationOf(doc, method, path)
        const params = parametersOf(op)
        expect(!params.some((p) => p.in === 'path'), this.id, `${path} now declares path parameters`)
        op.parameters = [...added, ...params]
      }
    },
  },
  {
    id: 'lists-drawn-as-one-item',
    why:
      'Behavior history, transfer rules, contacts search and custom fields are list operations (paged, ' +
      'described as lists) whose 200 answer is drawn as a single object instead of an array (api-notes §6.2). ' +
      'The item schemas are kept as they are.',
    apply(doc) {
      wrapInArray(this.id, operationOf(doc, 'get', '/v2/agent/{id}/list-behavior-history'), '200')
      wrapInArray(this.id, operationOf(doc, 'get', '/v2/agent/{id}/transfer-rules'), '200')
      wrapInArray(this.id, operationOf(doc, 'get', '/v2/workspace/{workspaceId}/search'), '200')
      wrapInArray(this.id, operationOf(doc, 'get', '/v2/custom-field/workspace/{workspaceId}'), '200')
    },
  },
  {
    id: 'trainings-list-anyOf',
    why:
      'The trainings list is a `oneOf` over four array shapes: an empty list (and any list valid for more ' +
      'than one item shape) matches several branches and is refused; `anyOf` is what is meant (api-notes §6.6).',
    apply(doc) {
      const media = jsonResponse(operationOf(doc, 'get', '/v2/agent/{agentId}/trainings'), '200')
      const schema = obj(media.schema, 'schema')
      expect(Array.isArray(schema.oneOf) && (schema.oneOf as unknown[]).length === 4, this.id, 'no oneOf of four')
      schema.anyOf = schema.oneOf
      delete schema.oneOf
    },
  },
  {
    id: 'trainings-list-live-envelope',
    why:
      'Live, the trainings list answers `{data, count}` (count = matches, not page length) instead of the ' +
      'documented bare array (api-notes §1 "List envelopes", §3.3, §7; source 3P-B). The app and the embedded ' +
      'service follow the live service; the item shapes stay the documented ones.',
    apply(doc) {
      const media = jsonResponse(operationOf(doc, 'get', '/v2/agent/{agentId}/trainings'), '200')
      const list = obj(media.schema, 'schema')
      expect(Array.isArray(list.anyOf), this.id, 'the list is not the corrected anyOf of arrays')
      media.schema = {
        type: 'object',
        required: ['data', 'count'],
        properties: { data: list, count: { type: 'integer', format: 'int32', minimum: 0 } },
      }
    },
  },
  {
    id: 'custom-field-value-nullable-without-type',
    why:
      'The contact custom-field `value` has `nullable: true` beside an `anyOf` and no `type`. OpenAPI 3.0 ' +
      'gives `nullable` meaning only next to `type`, and Prism (Ajv) cannot compile it, so it silently skips ' +
      'the whole schema: GET contact, the PUT contact body and its answer went unchecked (api-notes §6.6). ' +
      'The same set (string, integer, number, boolean or null; api-notes §6.7) is written as nullable alternatives.',
    apply(doc) {
      const get = operationOf(doc, 'get', '/v2/workspace/{workspaceId}/contact/{contactId}')
      const put = operationOf(doc, 'put', '/v2/contact/{contactId}/update')
      nullableIntoAnyOf(this.id, customFieldValueOf(obj(jsonResponse(get, '200').schema, 'GET contact')))
      nullableIntoAnyOf(this.id, customFieldValueOf(obj(jsonRequest(put).schema, 'PUT contact body')))
      nullableIntoAnyOf(this.id, customFieldValueOf(obj(jsonResponse(put, '200').schema, 'PUT contact answer')))
    },
  },
  {
    id: 'json-answer-of-204',
    why:
      'Some writes declare a 204 answer with a JSON body: idle-actions DELETE, custom-field PUT and toggle-archive ' +
      '({success}), transfer-rule PUT (the rule) and DELETE ({success: string}). A 204 cannot carry content ' +
      '(RFC 9110 §15.3.5), so either the status or the body is wrong; the body is what each operation documents, ' +
      'and api-notes §1 "204 with a body" has a stand-in send it as a 200. So the answer is a 200 with that body, ' +
      'exactly as drawn; an empty 204 (none of what the document promises) is no longer an answer the document allows.',
    apply(doc) {
      let found = 0
      for (const [path, item] of Object.entries(obj(doc.paths, 'paths'))) {
        for (const [method, op] of Object.entries(obj(item, path))) {
          const responses = isObj(op) && isObj(op.responses) ? op.responses : undefined
          const response = responses?.['204']
          if (!responses || !isObj(response) || response.content === undefined) continue
          expect(responses['200'] === undefined, this.id, `${method.toUpperCase()} ${path} now also declares a 200`)
          delete responses['204']
          responses['200'] = response
          found++
        }
      }
      expect(found === 5, this.id, `${found} operations declare a 204 with content, not 5`)
    },
  },
  {
    id: 'contacts-search-text-filter',
    why:
      'The contacts search documents only page and pageSize; third-party integrations of the live service send ' +
      'a `query` text filter (a name or phone) (api-notes §2, §3.10). The app sends it only when the user typed ' +
      'a filter, and the screen still works when the service ignores it.',
    apply(doc) {
      const op = operationOf(doc, 'get', '/v2/workspace/{workspaceId}/search')
      const params = parametersOf(op)
      expect(!params.some((p) => p.name === 'query'), this.id, 'the search now declares query')
      op.parameters = [
        ...params,
        { name: 'query', in: 'query', description: 'Filtro de texto (não documentado)', schema: { type: 'string' } },
      ]
    },
  },
  {
    id: 'contact-delete',
    why:
      'DELETE /v2/contact/{contactId}/delete is operation 1 of the summary spec (agent-management-api.md) but ' +
      'is in no vendor page nor this document (api-notes §3.10, §7, §8: unverified, answer unknown). The app ' +
      'offers it; the answer is checked as the `{success}` acknowledgement every other delete gives.',
    apply(doc) {
      const paths = obj(doc.paths, 'paths')
      expect(paths['/v2/contact/{contactId}/delete'] === undefined, this.id, 'the document now has the delete')
      paths['/v2/contact/{contactId}/delete'] = {
        delete: {
          description: 'Remove um contato (não documentado; lista da especificação resumida)',
          parameters: [pathParam('contactId', 'ID do contato')],
          responses: {
            '200': {
              description: 'Contato removido',
              content: {
                'application/json': { schema: { type: 'object', properties: { success: { type: 'boolean' } } } },
              },
            },
            ...ERROR_RESPONSES,
          },
        },
      }
    },
  },
  // Live chats.
  ...LIVE_CHAT_FIXES,
  {
    id: 'channel-config-anyOf',
    why:
      'The channel config answer (GET /v2/channel/{channelId}/config and the PUT answer) is a `oneOf` over four ' +
      'per-type shapes none of which requires a key: the config of a Telegram, widget or Messenger channel ' +
      '(id, tenant and the three triggers, api-notes §3.8) matches all four and is refused. `anyOf` is what is ' +
      'meant, as for the trainings list (api-notes §6.6); each shape still closes its keys.',
    apply(doc) {
      for (const [method, path] of [
        ['get', '/v2/channel/{channelId}/config'],
        ['put', '/v2/channel/{id}/config'],
      ]) {
        const schema = obj(jsonResponse(operationOf(doc, method, path), '200').schema, 'schema')
        expect(
          Array.isArray(schema.oneOf) && (schema.oneOf as unknown[]).length === 4,
          this.id,
          `${path}: no oneOf of four`,
        )
        schema.anyOf = schema.oneOf
        delete schema.oneOf
      }
    },
  },
]

/** A corrected deep copy of the vendor document; the input is not changed. */
export function applyVendorFixes(vendorDocument: Json, fixes: VendorFix[] = VENDOR_FIXES): Json {
  const doc = structuredClone(vendorDocument)
  for (const fix of fixes) fix.apply(doc)
  return doc
}
