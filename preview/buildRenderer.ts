import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type InlineConfig } from 'vite'

const root = fileURLToPath(new URL('..', import.meta.url))
export const RENDERER_OUT = path.join(root, 'out/renderer')
/** What the renderer bundle is made from; a newer file here means the build is stale. */
const SOURCES = ['src', 'electron/contract', 'electron.vite.config.ts'].map((p) => path.join(root, p))

/**
 * Builds only the renderer, with the renderer part of `electron.vite.config.ts`, so the preview
 * does not depend on main and preload building (it needs neither).
 */
export async function buildRenderer(mode: 'production' | 'development' = 'production'): Promise<void> {
  const mod = (await import(path.join(root, 'electron.vite.config.ts'))) as {
    default: InlineConfig | ((env: { command: 'build'; mode: string }) => { renderer?: InlineConfig })
  }
  const full = typeof mod.default === 'function' ? mod.default({ command: 'build', mode }) : mod.default
  const renderer = (full as { renderer?: InlineConfig }).renderer
  if (!renderer) throw new Error('electron.vite.config.ts has no renderer section')
  await build({
    ...renderer,
    configFile: false,
    mode,
    logLevel: 'warn',
    build: { ...renderer.build, emptyOutDir: true },
  })
}

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0
  const s = statSync(p)
  if (!s.isDirectory()) return s.mtimeMs
  return Math.max(s.mtimeMs, ...readdirSync(p).map((name) => newestMtime(path.join(p, name))))
}

/** Whether `out/renderer` is missing or older than a source file. */
export function rendererIsStale(): boolean {
  const index = path.join(RENDERER_OUT, 'index.html')
  if (!existsSync(index)) return true
  return Math.max(...SOURCES.map(newestMtime)) > statSync(index).mtimeMs
}

/** Builds the renderer when `out/renderer` is missing or stale; `force` rebuilds anyway. */
export async function ensureRendererBuilt(force = false): Promise<string> {
  if (force || rendererIsStale()) await buildRenderer()
  return RENDERER_OUT
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  buildRenderer().then(
    () => console.log(`renderer built in ${path.relative(process.cwd(), RENDERER_OUT) || RENDERER_OUT}`),
    (err: unknown) => {
      console.error(err)
      process.exit(1)
    },
  )
}
