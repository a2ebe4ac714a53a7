// The layer rules of ARCHITECTURE.md as an ESLint rule, so they are checked by the linter and
// not by goodwill. Every import is resolved (relative paths, the `@`/`@contract` aliases) to a
// folder of the repository or a package, then checked against the rules of the importing layer.
import { builtinModules } from 'node:module'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const defaultRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..')
const builtins = new Set(builtinModules)

/** The layer a repository-relative path belongs to, or null when no rule covers it. */
export function layerOf(relPath) {
  const p = relPath.split(path.sep).join('/')
  const under = (dir) => p === dir || p.startsWith(`${dir}/`)
  if (under('electron/contract')) return 'contract'
  if (under('electron/core')) return 'core'
  if (under('electron/sandbox')) return 'sandbox'
  if (under('electron/main')) return 'main'
  if (under('electron/preload')) return 'preload'
  if (under('electron')) return 'electron-other'
  if (under('src')) return 'renderer'
  return null
}

/**
 * What an import specifier points at: `{ kind: 'file', layer, rel }` for a file of the
 * repository, `{ kind: 'builtin', name }` for a Node module, `{ kind: 'package', name }` otherwise.
 */
export function resolveImport(specifier, fromFile, root) {
  const spec = specifier.replace(/[?#].*$/, '')
  let target = null
  if (spec.startsWith('./') || spec.startsWith('../') || spec === '.' || spec === '..') {
    target = path.resolve(path.dirname(fromFile), spec)
  } else if (spec === '@contract' || spec.startsWith('@contract/')) {
    target = path.join(root, 'electron/contract', spec.slice('@contract'.length))
  } else if (spec === '@' || spec.startsWith('@/')) {
    target = path.join(root, 'src', spec.slice(1))
  } else if (path.isAbsolute(spec)) {
    target = spec
  }
  if (target !== null) {
    const rel = path.relative(root, target)
    const outside = rel.startsWith('..') || path.isAbsolute(rel)
    return { kind: 'file', rel: outside ? target : rel.split(path.sep).join('/'), layer: outside ? null : layerOf(rel) }
  }
  if (spec.startsWith('node:') || builtins.has(spec) || builtins.has(spec.split('/')[0])) {
    return { kind: 'builtin', name: spec }
  }
  const parts = spec.split('/')
  const name = spec.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0]
  return { kind: 'package', name }
}

/**
 * Features of the renderer: `src/components/<feature>/` and `src/views/<feature>/` belong to one
 * feature. A file directly in one of those folders is the feature's public surface; a subfolder
 * (`components/agents/trainings/`, `components/chats/timeline/`) is its inside, which only the same
 * feature may import.
 */
export function featureOf(relPath) {
  const m = /^src\/(?:components|views)\/([^/]+)\/(.*)$/.exec(relPath)
  if (!m) return null
  return { feature: m[1], inside: m[2].includes('/') }
}

function featureInside(t, fromRel) {
  if (t.kind !== 'file' || t.layer !== 'renderer' || !fromRel) return null
  const target = featureOf(t.rel)
  if (!target || !target.inside) return null
  const from = featureOf(fromRel)
  if (from && from.feature === target.feature) return null
  return `a subfolder of the ${target.feature} feature is its inside: outside it, import what src/components/${target.feature}/ or src/views/${target.feature}/ holds at its top level`
}

const isPackage = (t, name) => t.kind === 'package' && t.name === name
const isFileIn = (t, ...layers) => t.kind === 'file' && layers.includes(t.layer)

/** Per importing layer: a function returning why an import is refused, or null when it is allowed. */
const rules = {
  contract: (t) =>
    isPackage(t, 'zod') || isFileIn(t, 'contract')
      ? null
      : 'electron/contract imports only zod and files inside electron/contract',
  core: (t) => {
    if (isPackage(t, 'electron'))
      return 'electron/core never imports electron: what it needs from the shell is passed in'
    if (isFileIn(t, 'renderer')) return 'electron/core never imports the renderer (src/)'
    if (isFileIn(t, 'main', 'preload')) return 'electron/core never imports electron/main or electron/preload'
    return null
  },
  sandbox: (t) => {
    if (isPackage(t, 'electron')) return 'electron/sandbox never imports electron: it runs in plain Node'
    if (isFileIn(t, 'core'))
      return 'electron/sandbox never imports electron/core: it must stay independent of the client'
    if (isFileIn(t, 'main', 'preload')) return 'electron/sandbox never imports electron/main or electron/preload'
    if (isFileIn(t, 'renderer')) return 'electron/sandbox never imports the renderer (src/)'
    return null
  },
  main: (t) => (isFileIn(t, 'renderer') ? 'electron/main never imports the renderer (src/)' : null),
  preload: (t) =>
    isPackage(t, 'electron') || isFileIn(t, 'contract', 'preload')
      ? null
      : 'electron/preload imports only electron and the contract (a sandboxed preload is one bundle)',
  renderer: (t, from) => {
    const inside = featureInside(t, from)
    if (inside) return inside
    if (isPackage(t, 'electron')) return 'the renderer (src/) never imports electron: it talks to window.api'
    if (t.kind === 'builtin') return 'the renderer (src/) never imports Node modules: it has no Node'
    if (t.kind === 'file' && t.layer !== null && t.layer !== 'renderer' && t.layer !== 'contract')
      return 'the renderer (src/) imports from electron/ only electron/contract'
    return null
  },
}

/** @type {import('eslint').Rule.RuleModule} */
const boundaries = {
  meta: {
    type: 'problem',
    docs: { description: 'Enforce the layer rules of ARCHITECTURE.md on every import' },
    schema: [
      {
        type: 'object',
        properties: { root: { type: 'string' } },
        additionalProperties: false,
      },
    ],
    messages: { forbidden: "Layer rule: {{reason}} (import of '{{specifier}}')." },
  },
  create(context) {
    const root = context.options[0]?.root ?? defaultRoot
    const filename = context.filename
    if (!path.isAbsolute(filename)) return {}
    const fromRel = path.relative(root, filename).split(path.sep).join('/')
    const layer = layerOf(fromRel)
    const check = layer ? rules[layer] : undefined
    if (!check) return {}

    const report = (node) => {
      if (!node || node.type !== 'Literal' || typeof node.value !== 'string') return
      const reason = check(resolveImport(node.value, filename, root), fromRel)
      if (reason) context.report({ node, messageId: 'forbidden', data: { reason, specifier: node.value } })
    }
    return {
      ImportDeclaration: (node) => report(node.source),
      ExportNamedDeclaration: (node) => report(node.source),
      ExportAllDeclaration: (node) => report(node.source),
      ImportExpression: (node) => report(node.source),
      TSImportEqualsDeclaration: (node) => {
        if (node.moduleReference.type === 'TSExternalModuleReference') report(node.moduleReference.expression)
      },
      TSImportType: (node) => {
        // typescript-eslint 8 moved the specifier from `argument` (a literal type) to `source`.
        if (node.source) return report(node.source)
        const arg = node.argument
        report(arg?.type === 'TSLiteralType' ? arg.literal : arg)
      },
      CallExpression: (node) => {
        if (node.callee.type === 'Identifier' && node.callee.name === 'require') report(node.arguments[0])
      },
    }
  },
}

export default {
  meta: { name: 'layers', version: '1.0.0' },
  rules: { boundaries },
}
