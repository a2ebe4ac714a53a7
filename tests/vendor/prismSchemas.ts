import type { IHttpOperation } from '@stoplight/types'
import { AsyncLocalStorage } from 'node:async_hooks'
import { createRequire } from 'node:module'

// ---- schemas Prism cannot compile ---------------------------------------------------------------

export interface UnusableSchema {
  operation: string
  location: string
  message: string
}

// Prism's own copy of Ajv and ajv-formats, so the check compiles exactly what Prism compiles.
const prismRequire = createRequire(createRequire(import.meta.url).resolve('@stoplight/prism-http'))

interface AjvLike {
  compile(schema: object): unknown
}
type AjvConstructor = new (options: object) => AjvLike

/** Ajv as Prism configures it (validator/validators/utils.js), with its warnings collected. */
function prismLikeAjv(warnings: string[]): AjvLike {
  const Ajv = (prismRequire('ajv') as { default: AjvConstructor }).default
  const addFormats = (prismRequire('ajv-formats') as { default: (ajv: AjvLike) => void }).default
  const record = (...args: unknown[]) => {
    const first = String(args[0])
    // Prism silences exactly this warning; unknown formats are not validated, not a skipped schema.
    if (!first.startsWith('unknown format')) warnings.push(args.map(String).join(' '))
  }
  const ajv = new Ajv({
    allErrors: true,
    allowUnionTypes: true,
    allowMatchingProperties: true,
    strict: false,
    coerceTypes: false,
    logger: { warn: record, error: record, log: () => {} },
  })
  addFormats(ajv)
  return ajv
}

type Param = { name: string; required?: boolean; schema?: object }

/** The object schema Prism builds from one location's parameters (validators/params.js). */
function paramsSchema(params: Param[]): object {
  return {
    type: 'object',
    properties: Object.fromEntries(params.filter((p) => p.schema).map((p) => [p.name.toLowerCase(), p.schema])),
    required: params.filter((p) => p.required).map((p) => p.name.toLowerCase()),
  }
}

/**
 * Every schema of the operations that Prism would fail to compile, or compile only with a warning.
 * Prism wraps the compilation in a try/catch and treats a schema it cannot compile as "no errors"
 * (validator/validators/utils.js, `O.tryCatch`): the request or answer is then never checked.
 */
export function unusableSchemas(operations: IHttpOperation[]): UnusableSchema[] {
  const known = unusableOf.get(operations)
  if (known) return known
  const found: UnusableSchema[] = []
  const warnings: string[] = []
  const ajv = prismLikeAjv(warnings)
  for (const op of operations) {
    const bundle = (op as unknown as { __bundled__?: unknown }).__bundled__
    const operation = `${op.method.toUpperCase()} ${op.path}`
    const places: [string, object | undefined][] = []
    for (const c of op.request?.body?.contents ?? []) places.push([`request body (${c.mediaType})`, c.schema])
    for (const where of ['path', 'query', 'headers', 'cookie'] as const) {
      const params = (op.request?.[where] ?? []) as Param[]
      if (params.length > 0) places.push([`request ${where} parameters`, paramsSchema(params)])
    }
    for (const r of op.responses) {
      for (const c of r.contents ?? []) places.push([`response ${r.code} body (${c.mediaType})`, c.schema])
      if (r.headers?.length) places.push([`response ${r.code} headers`, paramsSchema(r.headers as Param[])])
    }
    for (const [location, schema] of places) {
      if (!schema) continue
      warnings.length = 0
      try {
        ajv.compile({ ...schema, __bundled__: bundle })
      } catch (err) {
        found.push({ operation, location, message: err instanceof Error ? err.message : String(err) })
        continue
      }
      for (const message of warnings) found.push({ operation, location, message })
    }
  }
  unusableOf.set(operations, found)
  return found
}

const unusableOf = new WeakMap<IHttpOperation[], UnusableSchema[]>()

export function describeUnusable(list: UnusableSchema[]): string {
  return (
    `Prism cannot compile ${list.length} schema(s) of the vendor document and would skip them silently:\n  ` +
    list.map((u) => `${u.operation} ${u.location}: ${u.message}`).join('\n  ')
  )
}

// While the gate runs, a schema Prism fails to compile is reported against the request that met it.
export const currentRequest = new AsyncLocalStorage<(message: string) => void>()
let compileWatched = false

export function watchPrismCompilation(): void {
  if (compileWatched) return
  compileWatched = true
  const core = (prismRequire('ajv/dist/core') as { default: { prototype: AjvLike } }).default.prototype
  const compile = core.compile
  core.compile = function (this: AjvLike, ...args: Parameters<AjvLike['compile']>) {
    try {
      return compile.apply(this, args)
    } catch (err) {
      currentRequest.getStore()?.(
        `Prism could not compile a schema and skipped it: ${err instanceof Error ? err.message : String(err)}`,
      )
      throw err
    }
  }
}
