import { existsSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type InlineConfig } from 'vite'

const root = fileURLToPath(new URL('../..', import.meta.url))
export const RENDERER_OUT = path.join(root, 'out/renderer')

/**
 * Builds only the renderer, with the renderer part of `electron.vite.config.ts`, so the preview
 * does not depend on main and preload building (they need nothing here).
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

/** Builds the renderer when `out/renderer` is missing; `force` rebuilds anyway. */
export async function ensureRendererBuilt(force = false): Promise<string> {
  if (force || !existsSync(path.join(RENDERER_OUT, 'index.html'))) await buildRenderer()
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
