import type { AddressInfo } from 'node:net'
import type { EndpointName } from '../contract/endpoints'
import { seedDemoData } from './seed'
import { createSandboxServer, routedEndpointNames } from './server'
import { SandboxStore } from './store'

export { SEED_FACTS } from './seed'

/**
 * The embedded API service: a real HTTP server that answers every operation of the endpoint table
 * like the GPT Maker API v2, on SQLite, with a deterministic demo workspace.
 */

export interface SandboxOptions {
  /** 0 (the default) picks a free port. */
  port?: number
  /** Default 127.0.0.1: the sandbox is for this machine only. */
  host?: string
  /** The bearer token every request must carry. */
  token: string
  /** A SQLite file to keep the data in; in memory when absent. A file that has data is not seeded again. */
  dbFile?: string
  /** Seed of the demo data generator; default 1. */
  seed?: number
  /** Seed the chat of 100,000 messages; default true. Tests that do not need it save a second. */
  bigChat?: boolean
  /**
   * The address clients reach the service at, when something stands in front of it (the vendor
   * gate's proxy): media links in answers use it. Read at every request; the own address when empty.
   */
  publicUrl?: () => string | undefined
}

export interface RunningSandbox {
  /** Base URL, e.g. `http://127.0.0.1:8787`, without a trailing slash. */
  url: string
  token: string
  workspaceId: string
  /** True when this start seeded the data; false when it found a file that already had data. */
  seeded: boolean
  /** Time the seed took, in milliseconds (0 when nothing was seeded). */
  seedMillis: number
  close(): Promise<void>
}

export async function startSandbox(opts: SandboxOptions): Promise<RunningSandbox> {
  if (!opts.token) throw new Error('the sandbox needs a token')
  const host = opts.host ?? '127.0.0.1'
  const store = new SandboxStore(opts.dbFile)
  let seeded = false
  let seedMillis = 0
  if (store.getMeta('seed') === undefined) {
    const report = seedDemoData(store, { seed: opts.seed ?? 1, bigChat: opts.bigChat ?? true })
    seeded = true
    seedMillis = report.millis
  }
  const workspaceId = store.workspaces.list()[0]?.id ?? ''

  let url = ''
  const server = createSandboxServer({ token: opts.token, store, baseUrl: () => opts.publicUrl?.() || url })
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(opts.port ?? 0, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (err) {
    store.close()
    throw err
  }
  const address = server.address() as AddressInfo
  url = `http://${address.family === 'IPv6' ? `[${address.address}]` : address.address}:${address.port}`

  let closing: Promise<void> | undefined
  return {
    url,
    token: opts.token,
    workspaceId,
    seeded,
    seedMillis,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          store.close()
          resolve()
        })
        server.closeAllConnections()
      })
      return closing
    },
  }
}

/** The endpoint names the sandbox implements, derived from its route table. */
export function sandboxRoutes(): EndpointName[] {
  return routedEndpointNames()
}
