import { createInstance, type IHttpRequest, type PrismHttpComponents } from '@stoplight/prism-http'
import { DiagnosticSeverity } from '@stoplight/types'
import * as E from 'fp-ts/Either'
import { describe, expect, it } from 'vitest'
import { fixedVendorDocument, startVendorGate, unusableSchemas, vendorDocument, vendorOperations } from '../vendor/gate'
import { applyVendorFixes, operationOf, VENDOR_FIXES, type Json } from '../vendor/overlay'

const silentLogger = new Proxy({} as Record<string, unknown>, {
  get: (_t, name) => (name === 'child' ? () => silentLogger : () => {}),
}) as unknown as PrismHttpComponents['logger']

const contactRequest: IHttpRequest = {
  method: 'get',
  url: { path: '/v2/workspace/W1/contact/C1' },
  headers: { authorization: 'Bearer t', accept: 'application/json' },
}

/** What Prism reports for an answer, with the answer handed to it as if a service had sent it. */
async function responseViolations(doc: Json, body: unknown): Promise<string[]> {
  const forward: PrismHttpComponents['forward'] = () => () => async () =>
    E.right({ statusCode: 200, headers: { 'content-type': 'application/json' }, body })
  const prism = createInstance(
    {
      isProxy: true,
      upstream: new URL('http://127.0.0.1:9'),
      upstreamProxy: undefined,
      errors: false,
      checkSecurity: true,
      validateRequest: true,
      validateResponse: true,
      mock: { dynamic: false },
    },
    { logger: silentLogger, forward },
  )
  const result = await prism.request(contactRequest, await vendorOperations(doc))()
  if (E.isLeft(result)) throw result.left
  return result.right.validations.output.filter((d) => d.severity === DiagnosticSeverity.Error).map((d) => d.message)
}

describe('the vendor document under Prism', () => {
  it('finds every schema of the verbatim document that Prism cannot compile', async () => {
    const found = unusableSchemas(await vendorOperations(vendorDocument()))
    expect(found.map((u) => `${u.operation} ${u.location}`)).toEqual([
      'GET /v2/workspace/{workspaceId}/contact/{contactId} response 200 body (application/json)',
      'PUT /v2/contact/{contactId}/update request body (application/json)',
      'PUT /v2/contact/{contactId}/update response 200 body (application/json)',
    ])
    for (const u of found) expect(u.message).toBe('"nullable" cannot be used without "type"')
  })

  it('shows why: Prism lets a broken contact through the verbatim document, and catches it once corrected', async () => {
    const broken = { id: 'C1', name: 42, customFieldValues: [{ customFieldId: 'F1', value: { nested: true } }] }
    expect(await responseViolations(vendorDocument(), broken)).toEqual([])
    const caught = await responseViolations(fixedVendorDocument(), broken)
    expect(caught).toContain('Response body property name must be string,null')
    expect(caught.some((m) => m.includes('customFieldValues.0.value'))).toBe(true)
  })

  it('also finds an uncompilable parameter schema, naming the operation and where it is', async () => {
    const doc = structuredClone(fixedVendorDocument())
    const op = operationOf(doc, 'get', '/v2/workspace/{workspaceId}/agents')
    ;(op.parameters as Json[]).push({
      name: 'tag',
      in: 'query',
      schema: { nullable: true, anyOf: [{ type: 'string' }] },
    })
    expect(unusableSchemas(await vendorOperations(doc))).toEqual([
      {
        operation: 'GET /v2/workspace/{workspaceId}/agents',
        location: 'request query parameters',
        message: '"nullable" cannot be used without "type"',
      },
    ])
  })

  it('every schema of the corrected document compiles', async () => {
    expect(unusableSchemas(await vendorOperations())).toEqual([])
  })

  it('the gate refuses to start on a document Prism would partly skip', async () => {
    const operations = await vendorOperations(vendorDocument())
    await expect(startVendorGate({ mockSeed: '1' }, { operations })).rejects.toThrow(
      /cannot compile 3 schema\(s\)[\s\S]*GET \/v2\/workspace\/\{workspaceId\}\/contact\/\{contactId\} response 200/,
    )
  })

  it('a schema Prism fails to compile during a request is a violation of that request', async () => {
    const operations = await vendorOperations(vendorDocument())
    const gate = await startVendorGate({ mockSeed: '1' }, { operations, acceptUnusableSchemas: true })
    try {
      const res = await fetch(`${gate.url}/v2/workspace/W1/contact/C1`, {
        headers: { authorization: 'Bearer t', accept: 'application/json' },
      })
      expect(res.status).toBe(200)
      expect(gate.violations).toContainEqual(
        expect.objectContaining({
          method: 'GET',
          path: '/v2/workspace/W1/contact/C1',
          location: 'schema',
          message: expect.stringContaining('"nullable" cannot be used without "type"'),
        }),
      )
    } finally {
      await gate.close()
    }
  })
})

describe('the overlay', () => {
  it('gives every fix a reason', () => {
    expect(new Set(VENDOR_FIXES.map((f) => f.id)).size).toBe(VENDOR_FIXES.length)
    for (const fix of VENDOR_FIXES) expect(fix.why.length).toBeGreaterThan(40)
  })

  it('does not change the verbatim document', () => {
    const before = JSON.stringify(vendorDocument())
    const doc = vendorDocument()
    applyVendorFixes(doc)
    expect(JSON.stringify(doc)).toBe(before)
  })

  it.each(VENDOR_FIXES.map((f) => [f.id, f] as const))('%s refuses a document that no longer has its bug', (_, fix) => {
    expect(() => applyVendorFixes(fixedVendorDocument(), [fix])).toThrow(/the document changed/)
  })

  it('corrects the path parameters the paths carry', async () => {
    const operations = await vendorOperations()
    const paramsOf = (method: string, path: string) =>
      operations
        .find((o) => o.method === method && o.path === path)!
        .request!.path!.map((p) => p.name)
        .sort()
    expect(paramsOf('get', '/v2/agent/{id}/transfer-rules')).toEqual(['id'])
    expect(paramsOf('post', '/v2/agent/{agentId}/mcp/add')).toEqual(['agentId'])
    expect(paramsOf('get', '/v2/workspace/{workspaceId}/search')).toEqual(['workspaceId'])
    expect(paramsOf('get', '/v2/workspace/{workspaceId}/contact/{contactId}')).toEqual(['contactId', 'workspaceId'])
    expect(paramsOf('put', '/v2/contact/{contactId}/update')).toEqual(['contactId'])
    expect(paramsOf('delete', '/v2/contact/{contactId}/delete')).toEqual(['contactId'])
  })
})
