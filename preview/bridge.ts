import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { BRIDGE, type BridgeConfig } from './routes'

export { BRIDGE }

const ENTRY = fileURLToPath(new URL('./page/bridge.ts', import.meta.url))
let bundled: Promise<string> | null = null

/**
 * The page's bridge (page/bridge.ts) bundled with the preload's `buildDeskApi` and the contract,
 * once per process: the same source the preload bundle is built from.
 */
function bridgeBundle(): Promise<string> {
  bundled ??= build({
    entryPoints: [ENTRY],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: 'chrome120',
    absWorkingDir: path.dirname(ENTRY),
    logLevel: 'silent',
  }).then((out) => out.outputFiles[0].text)
  bundled.catch(() => (bundled = null))
  return bundled
}

/**
 * The script that gives the page `window.api` in the browser preview: the shared desk API over
 * POSTs to the host, push events over server-sent events, media through the host. It carries this
 * launch's secret, so it is served same-origin only.
 */
export async function bridgeScript(secret: string): Promise<string> {
  const config: BridgeConfig = { secret, bridge: BRIDGE }
  return `'use strict';\n(function (__BRIDGE_CONFIG__) {\n${await bridgeBundle()}\n})(${JSON.stringify(config)});\n`
}
