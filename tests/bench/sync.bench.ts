import Database from 'better-sqlite3-multiple-ciphers'
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { Profile } from '../../electron/contract/app/profiles'
import type { Chat, ChatMessage } from '../../electron/contract'
import { createApiClient } from '../../electron/core/api'
import { createOfflineLayer } from '../../electron/core/cache/offlineLayer'
import { migrations } from '../../electron/core/cache/migrations'
import { createConnectivity } from '../../electron/core/connectivity'
import { networkGateway } from '../../electron/core/gateway'
import { createSecretStore, memoryBackend } from '../../electron/core/vault'

/**
 * Wall time to make the seeded workspace (300 chats and the 100,000-message chat) available
 * offline from the embedded service over loopback HTTP, beside a raw loop doing the same paging
 * (same page sizes, same 4 requests in flight) into SQLite encrypted the same way (sqlcipher,
 * same schema and FTS triggers) without resume logic.
 */

type Figure = { value: number; unit: string; baseline?: number; ratio?: number; note?: string }

const TOKEN = 'bench-token'
const CONCURRENCY = 4
const CHAT_PAGE = 100
const MESSAGE_PAGE = 100

const SERVICE = fileURLToPath(new URL('./syncService.ts', import.meta.url))

/** Starts the seeded service in a child process; resolves once it listens. */
function startService(): Promise<{ url: string; workspaceId: string; child: ChildProcess }> {
  const tsx = createRequire(import.meta.url).resolve('tsx')
  const child = spawn(process.execPath, ['--import', tsx, SERVICE], {
    env: { ...process.env, SYNC_BENCH_TOKEN: TOKEN },
    stdio: ['pipe', 'pipe', 'inherit'],
  })
  return new Promise((resolve, reject) => {
    let out = ''
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString()
      const line = out.split('\n').find((l) => l.startsWith('{'))
      if (line) resolve({ ...(JSON.parse(line) as { url: string; workspaceId: string }), child })
    })
    child.on('error', reject)
    child.on('exit', (code) => reject(new Error(`the bench service exited (${code})`)))
  })
}

/** Longest event-loop delay between start and stop. */
function lagMonitor(): { stop(): number } {
  let maxLagMs = 0
  let last = performance.now()
  const timer = setInterval(() => {
    const t = performance.now()
    maxLagMs = Math.max(maxLagMs, t - last - 10)
    last = t
  }, 10)
  return {
    stop() {
      clearInterval(timer)
      return maxLagMs
    },
  }
}

export default async function syncBench(): Promise<Record<string, Figure>> {
  const dir = mkdtempSync(join(tmpdir(), 'sync-bench-'))
  const service = await startService()
  try {
    const profile: Profile = {
      id: 'bench',
      label: 'bench',
      kind: 'demo',
      baseUrl: service.url,
      workspaceId: service.workspaceId,
      rememberToken: false,
      hasToken: true,
      createdAt: 0,
    }
    const client = createApiClient({ baseUrl: service.url, getToken: () => TOKEN, retries: 2 })
    const layer = createOfflineLayer({
      sync: { concurrency: CONCURRENCY, chatPageSize: CHAT_PAGE, messagePageSize: MESSAGE_PAGE },
    })
    layer.wrapGateway(
      networkGateway(() => client),
      {
        profileOf: async () => profile,
        activeProfile: async () => profile,
        emit: () => undefined,
        secrets: createSecretStore(memoryBackend(), { backend: 'memory', weak: false }),
        userDataDir: join(dir, 'user-data'),
        connectivity: createConnectivity(() => undefined),
      },
    )
    // Event-loop delay while the sync runs: how long the main process would be unresponsive.
    const lag = lagMonitor()
    const t0 = performance.now()
    const result = await layer.jobs.start(profile).done
    const oursSeconds = (performance.now() - t0) / 1000
    const maxLagMs = lag.stop()
    const t1 = performance.now()
    const again = await layer.jobs.start(profile).done
    const secondSeconds = (performance.now() - t1) / 1000
    await layer.dispose()
    if (result.state !== 'done') throw new Error(`sync ended ${result.state}: ${result.error?.message ?? ''}`)

    // Raw: the same requests and rows, no cache layer.
    const raw = new Database(join(dir, 'raw.sqlite'))
    raw.pragma(`cipher='sqlcipher'`)
    raw.pragma(`key="x'${'cd'.repeat(32)}'"`)
    raw.pragma('journal_mode = WAL')
    raw.pragma('synchronous = NORMAL')
    raw.pragma('cache_size = -32768')
    for (const m of migrations) raw.exec(m.sql)
    const insert = raw.prepare(
      'INSERT OR IGNORE INTO messages (chat_id, id, time, role, type, text, midia_content, raw) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
    )
    const store = raw.transaction((chatId: string, page: ChatMessage[]) => {
      for (const m of page)
        insert.run(
          chatId,
          m.id,
          m.time,
          m.role ?? null,
          m.type ?? null,
          m.text ?? null,
          m.midiaContent ?? null,
          JSON.stringify(m),
        )
    })
    const rawLag = lagMonitor()
    const t2 = performance.now()
    const chats: Chat[] = []
    for (let page = 1; ; page++) {
      const batch = await client['chats.list']({
        path: { workspaceId: service.workspaceId },
        query: { page, pageSize: CHAT_PAGE },
      })
      chats.push(...batch)
      if (batch.length < CHAT_PAGE) break
    }
    let next = 0
    let rawMessages = 0
    await Promise.all(
      Array.from({ length: CONCURRENCY }, async () => {
        while (next < chats.length) {
          const chat = chats[next++]
          for (let page = 1; ; page++) {
            const batch = await client['messages.list']({
              path: { chatId: chat.id },
              query: { page, pageSize: MESSAGE_PAGE },
            })
            store(chat.id, batch)
            rawMessages += batch.length
            if (batch.length < MESSAGE_PAGE) break
          }
        }
      }),
    )
    const rawSeconds = (performance.now() - t2) / 1000
    const rawMaxLagMs = rawLag.stop()
    raw.close()

    const round = (x: number) => Math.round(x * 100) / 100
    return {
      'sync.seconds': {
        value: round(oursSeconds),
        unit: 's',
        baseline: round(rawSeconds),
        ratio: round(oursSeconds / rawSeconds),
        note: `${result.chatsTotal} chats, ${result.messagesStored} messages (raw loop ${rawMessages}), ${result.requests} requests, ${CONCURRENCY} in flight, pages of ${MESSAGE_PAGE}`,
      },
      'sync.secondRunSeconds': {
        value: round(secondSeconds),
        unit: 's',
        note: `nothing new: ${again.requests} requests (the chat list only)`,
      },
      'sync.maxEventLoopLagMs': {
        value: round(maxLagMs),
        unit: 'ms',
        baseline: round(rawMaxLagMs),
        note: 'longest the event loop was held during the sync (pages written by the cache writer thread); baseline: the raw loop writing on the main thread',
      },
    }
  } finally {
    const exited = new Promise((resolve) => service.child.once('exit', resolve))
    service.child.stdin?.end()
    await exited
    rmSync(dir, { recursive: true, force: true })
  }
}

if (process.argv[1]?.endsWith('sync.bench.ts')) {
  syncBench().then((r) => console.log(JSON.stringify(r, null, 2)))
}
