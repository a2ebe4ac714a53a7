import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

/** The production build's own checks are tests/build/build-output.test.ts (a step of `npm test` after its build). */
const root = join(__dirname, '..', '..', '..')

describe('packaging builds first', () => {
  it('runs npm run build before electron-builder in both dist scripts, so a stale or dev out/ is never shipped', async () => {
    const { scripts } = JSON.parse(await readFile(join(root, 'package.json'), 'utf8')) as {
      scripts: Record<string, string>
    }
    for (const name of ['dist', 'dist:all']) {
      const script = scripts[name] ?? ''
      expect(script, name).toMatch(/^npm run build && /)
      expect(script.indexOf('npm run build'), name).toBeLessThan(script.indexOf('electron-builder'))
    }
    // keytar alone is rebuilt for Electron; SQLite's Node-API prebuilt loads there as it is.
    expect(scripts.dist).toMatch(/electron-rebuild --force --only keytar && electron-builder /)
    for (const name of ['dist', 'dist:all']) expect(scripts[name], name).not.toMatch(/install-app-deps|npmRebuild=true/)
  })
})
