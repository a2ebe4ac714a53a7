// The project's own OpenAPI 3.1 document, derived from the endpoint table of the contract.
// `npm run openapi` writes docs/openapi.json; a test fails when that file is not current.
import { readFileSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { z } from 'zod'
import * as contract from '../electron/contract'
import { type EndpointDef, endpointNames, endpoints, ErrorBody, PathId, resourceOf } from '../electron/contract'

const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
export const openApiFile = path.join(repoRoot, 'docs/openapi.json')

type JsonSchema = Record<string, unknown>

// Every named schema the contract exports becomes a component, referenced wherever it is used.
const named = z.registry<{ id: string }>()
for (const [name, value] of Object.entries(contract)) {
  if (value instanceof z.ZodType && !named.has(value)) named.add(value, { id: name })
}

/**
 * JSON Schema of a contract schema. Responses use io 'input' too: transforms normalise the
 * service's envelopes, so the wire shape is what the schema accepts, not what it yields.
 */
function jsonSchemaOf(schema: z.ZodType, components: Record<string, JsonSchema>, withRefs = true): JsonSchema {
  const raw = z.toJSONSchema(schema, {
    io: 'input',
    unrepresentable: 'any',
    ...(withRefs ? { metadata: named } : {}),
  }) as JsonSchema
  const { $schema: _dialect, $defs, ...rest } = raw
  for (const [id, def] of Object.entries(($defs ?? {}) as Record<string, JsonSchema>)) {
    const moved = relink(def) as JsonSchema
    if (components[id] && JSON.stringify(components[id]) !== JSON.stringify(moved))
      throw new Error(`two different schemas are both named ${id}`)
    components[id] = moved
  }
  return relink(rest) as JsonSchema
}

/** Points zod's local `#/$defs/X` references at `#/components/schemas/X`. */
function relink(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(relink)
  if (node === null || typeof node !== 'object') return node
  return Object.fromEntries(
    Object.entries(node).map(([k, v]) => [
      k,
      k === '$ref' && typeof v === 'string' ? v.replace('#/$defs/', '#/components/schemas/') : relink(v),
    ]),
  )
}

function queryParameters(query: z.ZodType, components: Record<string, JsonSchema>) {
  // Query objects are spread into parameters, so they are converted inline, without references.
  const schema = jsonSchemaOf(query, components, false)
  const properties = (schema.properties ?? {}) as Record<string, JsonSchema>
  const required = new Set((schema.required ?? []) as string[])
  return Object.entries(properties).map(([name, s]) => {
    const { description, ...rest } = s
    return {
      name,
      in: 'query',
      required: required.has(name),
      ...(typeof description === 'string' ? { description } : {}),
      schema: rest,
    }
  })
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorBody' } } },
})

export function buildOpenApi(): Record<string, unknown> {
  const components: Record<string, JsonSchema> = {}
  const paths: Record<string, Record<string, unknown>> = {}
  const pathIdSchema = jsonSchemaOf(PathId, components, false)

  for (const name of endpointNames) {
    const e: EndpointDef = endpoints[name]
    const parameters = [
      ...e.params.map((p) => ({ name: p, in: 'path', required: true, schema: pathIdSchema })),
      ...(e.query ? queryParameters(e.query, components) : []),
    ]
    const operation: Record<string, unknown> = {
      operationId: name,
      summary: e.summary,
      tags: [resourceOf(name)],
      ...(e.specOperation !== undefined ? { 'x-spec-operation': e.specOperation } : {}),
      ...(e.pageBase !== undefined ? { 'x-page-base': e.pageBase } : {}),
      'x-cacheable': e.cacheable,
      ...(parameters.length > 0 ? { parameters } : {}),
      ...(e.body
        ? {
            requestBody: {
              required: true,
              content: { 'application/json': { schema: jsonSchemaOf(e.body, components) } },
            },
          }
        : {}),
      responses: {
        '200': {
          description: 'Success',
          content: { 'application/json': { schema: jsonSchemaOf(e.response, components) } },
        },
        '400': errorResponse('Invalid input (query, path or body)'),
        '403': errorResponse('Missing or wrong bearer token'),
        '404': errorResponse(
          'Unknown id. The real service documents no 404; the embedded service answers one with {error}.',
        ),
      },
    }
    paths[e.path] ??= {}
    paths[e.path][e.method.toLowerCase()] = operation
  }
  components.ErrorBody = jsonSchemaOf(ErrorBody, {}, false)

  const pkg = JSON.parse(readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { version: string }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Agent Management Service API, as Agent Desk uses it',
      version: pkg.version,
      description:
        'Generated from electron/contract/endpoints/ by `npm run openapi`; do not edit by hand. ' +
        'The real service is the GPT Maker API v2; the embedded service (`npm run sandbox`) implements the same table.',
    },
    servers: [
      { url: 'https://api.gptmaker.ai', description: 'The real service' },
      { url: 'http://127.0.0.1:8787', description: 'The embedded service (npm run sandbox -- --port 8787)' },
    ],
    security: [{ bearerAuth: [] }],
    tags: [...new Set(endpointNames.map(resourceOf))].map((t) => ({ name: t })),
    paths,
    components: {
      securitySchemes: { bearerAuth: { type: 'http', scheme: 'bearer' } },
      schemas: Object.fromEntries(Object.entries(components).sort(([a], [b]) => a.localeCompare(b))),
    },
  }
}

/** The document as written to disk: two-space JSON with a final newline. */
export function renderOpenApi(): string {
  return `${JSON.stringify(buildOpenApi(), null, 2)}\n`
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(openApiFile, renderOpenApi())
  console.log(`wrote ${path.relative(process.cwd(), openApiFile)} (${endpointNames.length} operations)`)
}
