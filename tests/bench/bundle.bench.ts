// The renderer's initial JavaScript: what out/renderer/index.html loads before any route's own
// chunk (its module script and modulepreload links), gzipped. Routes and heavy views load on demand.
//   npm run bench -- bundle
import { readFileSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { ensureRendererBuilt } from '../../preview/buildRenderer'
import type { Figure } from './run'

/** The JS files index.html asks for at once: `<script type="module" src>` and `<link rel="modulepreload" href>`. */
export function initialScripts(indexHtml: string): string[] {
  const out = new Set<string>()
  for (const m of indexHtml.matchAll(/<script\b[^>]*\btype="module"[^>]*\bsrc="([^"]+)"/g)) out.add(m[1])
  for (const m of indexHtml.matchAll(/<link\b[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+)"/g)) out.add(m[1])
  return [...out]
}

export default async function bundleBench(): Promise<Record<string, Figure>> {
  const dir = await ensureRendererBuilt()
  const files = initialScripts(readFileSync(path.join(dir, 'index.html'), 'utf8'))
  let raw = 0
  let gzipped = 0
  for (const src of files) {
    const bytes = readFileSync(path.join(dir, src.replace(/^\.?\//, '')))
    raw += bytes.length
    gzipped += gzipSync(bytes, { level: 9 }).length
  }
  return {
    initialJsGzipKB: {
      value: +(gzipped / 1024).toFixed(1),
      unit: 'KB',
      note: `${files.length} file(s) loaded by index.html before any route chunk; ${(raw / 1024).toFixed(0)} KB before gzip`,
    },
  }
}
