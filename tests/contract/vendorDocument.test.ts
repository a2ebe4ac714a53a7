import { createInstance, type IHttpRequest, type PrismHttpComponents } from '@stoplight/prism-http'
import { DiagnosticSeverity } from '@stoplight/types'
import * as E from 'fp-ts/lib/Either.js'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import {
  describeViolations,
  fixedVendorDocument,
  startVendorGate,
  unusableSchemas,
  vendorDocument,
  vendorOperations,
} from '../vendor/gate'
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

/** A stand-in service that answers every request with one scripted status and body. */
async function scriptedUpstream(status: number, body: unknown): Promise<{ url: string; server: Server }> {
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      const text = body === undefined ? '' : JSON.stringify(body)
      res.writeHead(status, text ? { 'content-type': 'application/json' } : {})
      res.end(text)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, server }
}

const AUTH = { authorization: 'Bearer t', accept: 'application/json' }

describe('the validation proxy', () => {
  it('passes the answer through unchanged and records a response violation with method, path, location and message', async () => {
    const upstream = await scriptedUpstream(200, { id: 'A1', name: 'Ana', behavior: null })
    const gate = await startVendorGate({ upstream: upstream.url })
    try {
      const res = await fetch(`${gate.url}/v2/agent/A1`, { headers: AUTH })
      expect(await res.json()).toEqual({ id: 'A1', name: 'Ana', behavior: null })
      expect(gate.violations).toEqual([
        {
          method: 'GET',
          path: '/v2/agent/A1',
          operation: 'GET /v2/agent/{agentId}',
          location: 'response body.behavior',
          message: 'Response body property behavior must be string',
        },
      ])
      expect(describeViolations(gate.violations)).toContain(
        'GET /v2/agent/A1 [GET /v2/agent/{agentId}] response body.behavior: Response body property behavior must be string',
      )
    } finally {
      await gate.close()
      upstream.server.close()
    }
  })

  it('records a request violation, still forwarding the request (the journey goes on, the test fails at its end)', async () => {
    const upstream = await scriptedUpstream(200, { success: true })
    const gate = await startVendorGate({ upstream: upstream.url })
    try {
      const res = await fetch(`${gate.url}/v2/agent/A1/webhooks`, {
        method: 'PUT',
        headers: { ...AUTH, 'content-type': 'application/json' },
        body: JSON.stringify({ onNewMessage: null }),
      })
      expect(res.status).toBe(200)
      expect(gate.violations).toEqual([
        expect.objectContaining({
          method: 'PUT',
          location: 'request body.onNewMessage',
          message: 'Request body property onNewMessage must be string',
        }),
      ])
    } finally {
      await gate.close()
      upstream.server.close()
    }
  })

  it('records an operation the document does not have, and a query parameter it does not declare', async () => {
    const upstream = await scriptedUpstream(200, [])
    const gate = await startVendorGate({ upstream: upstream.url })
    try {
      await fetch(`${gate.url}/v2/agent/A1/secret-things`, { headers: AUTH })
      await fetch(`${gate.url}/v2/chat/C1/messages?page=1&sort=desc`, { headers: AUTH })
      expect(gate.violations.map((v) => `${v.method} ${v.path} ${v.location}: ${v.message}`)).toEqual([
        'GET /v2/agent/A1/secret-things request: no operation of the vendor document matches this request',
        'GET /v2/chat/C1/messages?page=1&sort=desc request query.sort: the vendor document declares no such query parameter for this operation',
      ])
    } finally {
      await gate.close()
      upstream.server.close()
    }
  })

  it('the idle-actions DELETE answers its {success} as a 200; an empty 204 is what the gate refuses', async () => {
    const noContent = await scriptedUpstream(204, undefined)
    const ok = await scriptedUpstream(200, { success: true })
    const gates = [await startVendorGate({ upstream: noContent.url }), await startVendorGate({ upstream: ok.url })]
    try {
      for (const gate of gates) await fetch(`${gate.url}/v2/agent/A1/idle-actions`, { method: 'DELETE', headers: AUTH })
      expect(gates[0].violations.map((v) => `${v.location}: ${v.message}`)).toEqual([
        'response: Unable to match the returned status code with those defined in the document: 200,400,403',
      ])
      expect(gates[1].violations).toEqual([])
    } finally {
      await Promise.all(gates.map((g) => g.close()))
      noContent.server.close()
      ok.server.close()
    }
  })

  it('passes media links on unchecked, and leaves an unreachable service unreachable (no violation)', async () => {
    const upstream = await scriptedUpstream(200, 'png')
    const gate = await startVendorGate(
      { upstream: upstream.url },
      { passThrough: (path) => path.startsWith('/media/') },
    )
    try {
      expect((await fetch(`${gate.url}/media/a.png`, { headers: AUTH })).status).toBe(200)
      upstream.server.closeAllConnections()
      await new Promise((resolve) => upstream.server.close(resolve))
      await expect(fetch(`${gate.url}/v2/workspaces`, { headers: AUTH })).rejects.toThrow()
      expect(gate.violations).toEqual([])
    } finally {
      await gate.close()
    }
  })
})

describe('the mock', () => {
  it('answers vendor-valid data, the same for the same seed and request', async () => {
    const a = await startVendorGate({ mockSeed: 's1' })
    const b = await startVendorGate({ mockSeed: 's1' })
    const c = await startVendorGate({ mockSeed: 's2' })
    try {
      const read = async (gate: typeof a) =>
        (await fetch(`${gate.url}/v2/workspace/W1/contact/C1`, { headers: AUTH })).json()
      const [one, same, other] = [await read(a), await read(b), await read(c)]
      expect(same).toEqual(one)
      expect(other).not.toEqual(one)
      expect([...a.violations, ...b.violations, ...c.violations]).toEqual([])
    } finally {
      await Promise.all([a, b, c].map((g) => g.close()))
    }
  })
})
