import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { endpointNames, endpoints } from '../../../electron/contract'
import { buildOpenApi, openApiFile, renderOpenApi } from '../../../scripts/openapi'

type Operation = {
  operationId: string
  'x-spec-operation'?: number
  parameters?: { name: string; in: string; required: boolean }[]
  requestBody?: unknown
  responses: Record<string, unknown>
}
type Document = {
  openapi: string
  paths: Record<string, Record<string, Operation>>
  components: { schemas: Record<string, unknown>; securitySchemes: Record<string, { scheme?: string }> }
}

const doc = buildOpenApi() as Document
const operations = Object.entries(doc.paths).flatMap(([p, methods]) =>
  Object.entries(methods).map(([method, op]) => ({ path: p, method, op })),
)

describe('the generated OpenAPI document', () => {
  it('is current: docs/openapi.json equals what `npm run openapi` would write now', () => {
    const onDisk = readFileSync(openApiFile, 'utf8')
    expect(onDisk, 'docs/openapi.json is stale: run `npm run openapi` and commit it').toBe(renderOpenApi())
  })

  it('holds every endpoint of the table once, under its path and method', () => {
    expect(doc.openapi).toBe('3.1.0')
    expect(operations.map((o) => o.op.operationId).sort()).toEqual([...endpointNames].sort())
    for (const name of endpointNames) {
      const e = endpoints[name]
      const op = doc.paths[e.path]?.[e.method.toLowerCase()]
      expect(op?.operationId, name).toBe(name)
      const specOperation = (e as { specOperation?: number }).specOperation
      expect(op?.['x-spec-operation'], name).toBe(specOperation)
    }
  })

  it('declares every path parameter, the query parameters by their real names, and bodies where there are any', () => {
    const list = doc.paths['/v2/workspace/{workspaceId}/agents'].get
    expect(list.parameters?.map((p) => `${p.in}:${p.name}`)).toEqual([
      'path:workspaceId',
      'query:page',
      'query:pageSize',
      'query:query',
    ])
    for (const { path, op } of operations) {
      const e = endpoints[op.operationId as keyof typeof endpoints]
      const inPath = (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name)
      expect(inPath, op.operationId).toEqual([...e.params])
      expect(
        [...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]),
        op.operationId,
      ).toEqual(inPath)
      expect(op.requestBody !== undefined, op.operationId).toBe(e.body !== undefined)
    }
  })

  it('answers 200 with the response schema and 400/403/404 with the {error} body, behind a bearer token', () => {
    expect(doc.components.securitySchemes.bearerAuth.scheme).toBe('bearer')
    expect(doc.components.schemas.ErrorBody).toMatchObject({ properties: { error: { type: 'string' } } })
    for (const { op } of operations)
      expect(Object.keys(op.responses).sort(), op.operationId).toEqual(['200', '400', '403', '404'])
    // The writes the vendor draws as a 204 carrying a body answer that body, as a 200.
    expect(Object.keys(doc.paths['/v2/agent/{agentId}/idle-actions'].delete.responses)).toContain('200')
  })

  it('leaves no reference dangling', () => {
    const refs = [...JSON.stringify(doc).matchAll(/"\$ref":"([^"]+)"/g)].map((m) => m[1])
    expect(refs.length).toBeGreaterThan(0)
    for (const ref of refs) {
      expect(ref).toMatch(/^#\/components\/schemas\//)
      expect(doc.components.schemas[ref.split('/').pop() as string], ref).toBeDefined()
    }
  })
})
