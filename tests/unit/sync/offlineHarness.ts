import Database from 'better-sqlite3-multiple-ciphers'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { PushEventName } from '../../../electron/contract/app/events'
import type { Profile } from '../../../electron/contract/app/profiles'
import type { ChatMessage } from '../../../electron/contract'
import { createApiClient } from '../../../electron/core/api'
import type { CoreContext } from '../../../electron/core/app'
import { cacheKeyAccount } from '../../../electron/core/cache/cacheKey'
import { cacheFileOf } from '../../../electron/core/cache/profileCache'
import {
  createOfflineLayer,
  type OfflineLayer,
  type OfflineLayerOptions,
} from '../../../electron/core/cache/offlineLayer'
import { createConnectivity } from '../../../electron/core/connectivity'
import { networkGateway, type ApiGateway } from '../../../electron/core/gateway'
import { createSecretStore, memoryBackend, type SecretStore } from '../../../electron/core/vault'
import { startSandbox, type RunningSandbox } from '../../../electron/sandbox/index'

export const TOKEN = 'test-token-0123456789-secret'

/** A sandbox on a file, so it can be stopped and started again with the same data. */
export class SandboxHandle {
  running: RunningSandbox | undefined
  constructor(
    readonly dbFile: string,
    readonly bigChat = false,
  ) {}

  async start(): Promise<RunningSandbox> {
    this.running = await startSandbox({ port: 0, token: TOKEN, dbFile: this.dbFile, bigChat: this.bigChat })
    return this.running
  }

  async stop(): Promise<void> {
    await this.running?.close()
    this.running = undefined
  }

  /** Writes to the sandbox's file behind its back, like activity on the real service. */
  addMessage(chatId: string, message: ChatMessage): void {
    const db = new Database(this.dbFile)
    try {
      db.pragma('busy_timeout = 5000')
      db.prepare('INSERT INTO messages (id, chat_id, time, data) VALUES (?, ?, ?, ?)').run(
        message.id,
        chatId,
        message.time,
        JSON.stringify(message),
      )
      db.prepare(`UPDATE chats SET time = ?, data = json_set(data, '$.time', ?) WHERE id = ?`).run(
        message.time,
        message.time,
        chatId,
      )
    } finally {
      db.close()
    }
  }

  /** Every (chat, message count) of the sandbox, read from its file. */
  messageCounts(): Map<string, number> {
    const db = new Database(this.dbFile, { readonly: true })
    try {
      const rows = db.prepare('SELECT chat_id, count(*) AS n FROM messages GROUP BY chat_id').all() as {
        chat_id: string
        n: number
      }[]
      return new Map(rows.map((r) => [r.chat_id, r.n]))
    } finally {
      db.close()
    }
  }

  chatIds(): string[] {
    const db = new Database(this.dbFile, { readonly: true })
    try {
      return (db.prepare('SELECT id FROM chats').all() as { id: string }[]).map((r) => r.id)
    } finally {
      db.close()
    }
  }
}

export interface RequestLog {
  paths: string[]
  inFlight: number
  maxInFlight: number
}

export interface OfflineWorld {
  dir: string
  sandbox: SandboxHandle
  profile: Profile
  layer: OfflineLayer
  /** The read-through gateway, as the core routes API calls through it. */
  gateway: ApiGateway
  secrets: SecretStore
  events: { event: PushEventName; payload: unknown }[]
  requests: RequestLog
  ctx: CoreContext
  cleanup(): Promise<void>
}

/** The offline layer in front of the real network gateway and API client, against a real sandbox. */
export async function offlineWorld(
  opts: { bigChat?: boolean; layer?: OfflineLayerOptions; secrets?: SecretStore; dir?: string } = {},
): Promise<OfflineWorld> {
  const dir = opts.dir ?? mkdtempSync(join(tmpdir(), 'offline-'))
  const sandbox = new SandboxHandle(join(dir, 'service.sqlite'), opts.bigChat ?? false)
  const running = await sandbox.start()
  const profile: Profile = {
    id: 'profile-1',
    label: 'Test',
    kind: 'service',
    baseUrl: running.url,
    workspaceId: running.workspaceId,
    rememberToken: true,
    hasToken: true,
    createdAt: 0,
  }
  const requests: RequestLog = { paths: [], inFlight: 0, maxInFlight: 0 }
  const countingFetch = async (input: string, init?: RequestInit) => {
    requests.paths.push(new URL(input).pathname)
    requests.inFlight++
    requests.maxInFlight = Math.max(requests.maxInFlight, requests.inFlight)
    try {
      return await fetch(input, init)
    } finally {
      requests.inFlight--
    }
  }
  const network = networkGateway((p) =>
    createApiClient({ baseUrl: p.baseUrl, getToken: () => TOKEN, fetch: countingFetch, retries: 0, timeoutMs: 10_000 }),
  )
  const secrets = opts.secrets ?? createSecretStore(memoryBackend(), { backend: 'memory', weak: false })
  const events: { event: PushEventName; payload: unknown }[] = []
  const ctx: CoreContext = {
    profileOf: async (id) => (id === profile.id ? profile : null),
    activeProfile: async () => profile,
    emit: (event, payload) => void events.push({ event, payload }),
    secrets,
    userDataDir: join(dir, 'user-data'),
    connectivity: createConnectivity(() => undefined),
  }
  const layer = createOfflineLayer(opts.layer)
  const gateway = layer.wrapGateway(network, ctx)
  return {
    gateway,
    dir,
    sandbox,
    profile,
    layer,
    secrets,
    events,
    requests,
    ctx,
    async cleanup() {
      await layer.dispose()
      await sandbox.stop()
      if (!opts.dir) rmSync(dir, { recursive: true, force: true })
    },
  }
}

/** The channel context the router would pass: the world's profile is the active one. */
export const channelCtx = (world: OfflineWorld) => ({ activeProfile: world.ctx.activeProfile })

/**
 * A read-only connection of the test's own to a cache file (the app's connection lives in the
 * cache worker). Tries the cipher of new caches first, then the older one.
 */
export function openCacheFileReadOnly(file: string, keyHex: string, writable = false): Database.Database {
  let last: unknown
  for (const cipher of ['aegis', 'sqlcipher']) {
    const db = new Database(file, { readonly: !writable, fileMustExist: true })
    try {
      db.pragma(`cipher='${cipher}'`)
      db.pragma(`key="x'${keyHex}'"`)
      db.prepare('SELECT count(*) FROM sqlite_master').get()
      return db
    } catch (e) {
      last = e
      db.close()
    }
  }
  throw last
}

/** Runs `fn` on a read-only connection to the world's cache file, then closes it. */
export async function withCacheDb<T>(world: OfflineWorld, fn: (db: Database.Database) => T): Promise<T> {
  const keyHex = await world.secrets.get(cacheKeyAccount(world.profile.id))
  if (!keyHex) throw new Error('the profile has no cache key')
  const db = openCacheFileReadOnly(cacheFileOf(world.ctx.userDataDir, world.profile.id), keyHex)
  try {
    return fn(db)
  } finally {
    db.close()
  }
}

/** A profile for a scripted service: its address is never reached. */
export const scriptedProfile: Profile = {
  id: 'p',
  label: 'p',
  kind: 'service',
  baseUrl: 'http://127.0.0.1:1',
  workspaceId: 'w',
  rememberToken: true,
  hasToken: true,
  createdAt: 0,
}
