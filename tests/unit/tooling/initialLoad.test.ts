import { existsSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'

/**
 * What index.html loads before any route is what src/main.ts reaches by static value imports
 * (`npm run bench -- bundle`, goal ≤ 200 KB gzipped). zod alone is ~25 KB of it: one value import
 * of the contract (whose modules build their schemas when loaded) on that path brings all of it.
 * This walks the same imports as the bundler, without building, and names the chain that does.
 */
const root = path.resolve(__dirname, '../../..')

function resolveFile(base: string): string | undefined {
  for (const candidate of [base, `${base}.ts`, `${base}/index.ts`])
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate
  return undefined
}

/** A local file, `npm:<package>` for a dependency, or undefined for what is not code (css). */
function resolveImport(from: string, spec: string): string | undefined {
  if (/\.(css|svg|png|json)(\?.*)?$/.test(spec)) return undefined
  if (spec === '@contract') return resolveFile(path.join(root, 'electron/contract/index'))
  if (spec.startsWith('@contract/')) return resolveFile(path.join(root, 'electron/contract', spec.slice(10)))
  if (spec.startsWith('@/')) return resolveFile(path.join(root, 'src', spec.slice(2)))
  if (spec.startsWith('.')) return resolveFile(path.resolve(path.dirname(from), spec))
  const parts = spec.split('/')
  return `npm:${spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]}`
}

/** The module specifiers a file imports or re-exports as values (type-only imports are erased). */
function valueImports(file: string): string[] {
  let code = readFileSync(file, 'utf8')
  if (file.endsWith('.vue'))
    code = [...code.matchAll(/<script\b[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1]).join('\n')
  const out: string[] = []
  for (const m of code.matchAll(/^\s*(?:import|export)\s+([^'";]*?)\s*from\s*['"]([^'"]+)['"]/gm)) {
    const clause = m[1]!.trim()
    if (/^type\s/.test(clause)) continue
    const named = /^\{([\s\S]*)\}$/.exec(clause)
    if (named) {
      const specifiers = named[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
      if (specifiers.length > 0 && specifiers.every((s) => /^type\s/.test(s))) continue
    }
    out.push(m[2]!)
  }
  for (const m of code.matchAll(/^\s*import\s*['"]([^'"]+)['"]/gm)) out.push(m[1]!)
  return out
}

/** Every module reached from src/main.ts, with the import chain that reached it first. */
function initialGraph(): Map<string, string[]> {
  const start = path.join(root, 'src/main.ts')
  const chains = new Map<string, string[]>([[start, ['src/main.ts']]])
  const queue = [start]
  while (queue.length > 0) {
    const file = queue.shift()!
    for (const spec of valueImports(file)) {
      const target = resolveImport(file, spec)
      if (!target || chains.has(target)) continue
      chains.set(target, [...chains.get(file)!, target.startsWith('npm:') ? target : path.relative(root, target)])
      if (!target.startsWith('npm:')) queue.push(target)
    }
  }
  return chains
}

describe('what the first screen loads', () => {
  const graph = initialGraph()

  it('reaches the shell and the stores it needs (the walk follows the real imports)', () => {
    const reached = [...graph.keys()].map((k) => (k.startsWith('npm:') ? k : path.relative(root, k)))
    expect(reached).toEqual(
      expect.arrayContaining(['src/App.vue', 'src/stores/session.ts', 'src/i18n/index.ts', 'npm:naive-ui', 'npm:vue']),
    )
  })

  it('brings no zod: the renderer imports only types from the contract on this path', () => {
    const zod = graph.get('npm:zod')
    expect(zod ? zod.join(' -> ') : 'no zod').toBe('no zod')
  })
})
