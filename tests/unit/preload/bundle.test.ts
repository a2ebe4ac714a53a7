import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import vm from 'node:vm'
import { build } from 'vite'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { apiShape } from '../../../electron/contract/ipc'

/**
 * A sandboxed preload can `require` nothing but `electron`. The preload is bundled the way the app
 * build does it (one CJS file, only `electron` external) and run in a bare V8 context that offers
 * `require('electron')` and nothing else, as Electron's sandbox does.
 */
const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..')
let outDir: string
let code: string

beforeAll(async () => {
  outDir = mkdtempSync(path.join(tmpdir(), 'agent-desk-preload-'))
  await build({
    configFile: false,
    logLevel: 'silent',
    root,
    build: {
      outDir,
      emptyOutDir: true,
      minify: false,
      ssr: true,
      rolldownOptions: {
        input: { index: path.join(root, 'electron/preload/index.ts') },
        external: ['electron'],
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
    ssr: { noExternal: true },
  })
  code = readFileSync(path.join(outDir, 'index.cjs'), 'utf8')
}, 60_000)

afterAll(() => rmSync(outDir, { recursive: true, force: true }))

describe('the bundled preload', () => {
  it('requires nothing but electron', () => {
    const required = [...code.matchAll(/require\(["']([^"']+)["']\)/g)].map((m) => m[1])
    expect([...new Set(required)]).toEqual(['electron'])
  })

  it('exposes window.api when run with only electron available', async () => {
    const exposed = new Map<string, unknown>()
    const invoked: unknown[] = []
    const electron = {
      contextBridge: { exposeInMainWorld: (key: string, value: unknown) => exposed.set(key, value) },
      ipcRenderer: {
        invoke: async (channel: string, input: unknown) => invoked.push([channel, input]),
        on: () => {},
      },
    }
    const requireOnlyElectron = (name: string) => {
      if (name !== 'electron') throw new Error(`a sandboxed preload cannot require ${name}`)
      return electron
    }
    const module = { exports: {} }
    const context = vm.createContext({ console, URL, encodeURIComponent, setTimeout, clearTimeout })
    const run = vm.runInContext(`(function (require, module, exports) {\n${code}\n})`, context) as (
      r: typeof requireOnlyElectron,
      m: typeof module,
      e: object,
    ) => void
    run(requireOnlyElectron, module, module.exports)

    const api = exposed.get('api') as Record<string, Record<string, (input: unknown) => Promise<unknown>>>
    expect(Object.keys(api)).toEqual(expect.arrayContaining(['agents', 'profiles', 'on', 'mediaUrl']))
    const { group, op, channel } = apiShape()[0]
    await api[group][op]({ probe: 1 })
    expect(invoked).toEqual([[channel, { probe: 1 }]])
  })
})
