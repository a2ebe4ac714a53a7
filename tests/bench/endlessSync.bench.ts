import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import type { SyncProgress } from '../../electron/contract/app/offline'
import type { Profile } from '../../electron/contract/app/profiles'
import { createApiClient } from '../../electron/core/api'
import type { CoreContext } from '../../electron/core/app'
import { createOfflineLayer } from '../../electron/core/cache/offlineLayer'
import { offlineCopyBytes } from '../../electron/core/cache/profileCache'
import { createConnectivity } from '../../electron/core/connectivity'
import { networkGateway } from '../../electron/core/gateway'
import { createSecretStore, memoryBackend } from '../../electron/core/vault'
import { ENDLESS_TOKEN } from '../unit/sync/endlessService'

/**
 * The sync's limits with their real values (250,000 messages per chat, 50,000 chats, 2 GiB budget),
 * against a service that pages forever, in a process of its own: how long until the sync stops by
 * itself, with which note, and how much the core's memory (this process: the core and its cache
 * worker threads) grew; and how long Cancel takes to end a running sync. Figures only.
 * ENDLESS_BENCH=chat,cancel,list picks the scenarios (all by default; `list` takes minutes).
 */
type Figure = { value: number; unit: string; note?: string }

const SERVICE = fileURLToPath(new URL('./endlessService.ts', import.meta.url))

function startService(options: object): Promise<{ url: string; workspaceId: string; child: ChildProcess }> {
  const tsx = createRequire(import.meta.url).resolve('tsx')
  const child = spawn(process.execPath, ['--import', tsx, SERVICE], {
    env: { ...process.env, ENDLESS_SERVICE: JSON.stringify(options) },
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
  })
}

interface Outcome {
  progress: SyncProgress
  seconds: number
  rssGrowthMB: number
  heapGrowthMB: number
  bytes: number
  cancelSeconds?: number
}

async function run(service: object, cancelAfterMs?: number): Promise<Outcome> {
  const dir = mkdtempSync(join(tmpdir(), 'endless-bench-'))
  const { url, workspaceId, child } = await startService(service)
  const profile: Profile = {
    id: 'bench',
    label: 'bench',
    kind: 'service',
    baseUrl: url,
    workspaceId,
    rememberToken: false,
    hasToken: true,
    createdAt: 0,
  }
  const layer = createOfflineLayer()
  const ctx: CoreContext = {
    profileOf: async (id) => (id === profile.id ? profile : null),
    activeProfile: async () => profile,
    emit: () => undefined,
    secrets: createSecretStore(memoryBackend(), { backend: 'memory', weak: false }),
    userDataDir: join(dir, 'user-data'),
    connectivity: createConnectivity(() => undefined),
  }
  layer.wrapGateway(
    networkGateway(() => createApiClient({ baseUrl: url, getToken: () => ENDLESS_TOKEN, retries: 2 })),
    ctx,
  )
  try {
    await layer.cacheFor(profile.id)
    global.gc?.()
    const rss0 = process.memoryUsage().rss
    const heap0 = process.memoryUsage().heapUsed
    let rssMax = rss0
    let heapMax = heap0
    const started = performance.now()
    const job = layer.jobs.start(profile)
    let lastSaid = started
    const sampler = setInterval(() => {
      const m = process.memoryUsage()
      rssMax = Math.max(rssMax, m.rss)
      heapMax = Math.max(heapMax, m.heapUsed)
      // A long run says how it goes, so a figure exists even if it is stopped early.
      if (performance.now() - lastSaid >= 30_000) {
        lastSaid = performance.now()
        const p = job.progress
        console.error(
          `  ${((lastSaid - started) / 1000).toFixed(0)} s: ${p.chatsDone} chats, ${p.messagesStored} messages, rss +${((m.rss - rss0) / 2 ** 20).toFixed(0)} MB, heap +${((m.heapUsed - heap0) / 2 ** 20).toFixed(0)} MB`,
        )
      }
    }, 200)
    let cancelSeconds: number | undefined
    if (cancelAfterMs !== undefined) {
      await new Promise((r) => setTimeout(r, cancelAfterMs))
      const asked = performance.now()
      layer.jobs.cancel(job.progress.jobId)
      await job.done
      cancelSeconds = (performance.now() - asked) / 1000
    }
    const progress = await job.done
    const seconds = (performance.now() - started) / 1000
    clearInterval(sampler)
    return {
      progress,
      seconds,
      rssGrowthMB: (rssMax - rss0) / 2 ** 20,
      heapGrowthMB: (heapMax - heap0) / 2 ** 20,
      bytes: offlineCopyBytes(ctx.userDataDir),
      ...(cancelSeconds !== undefined ? { cancelSeconds } : {}),
    }
  } finally {
    await layer.dispose()
    child.stdin?.end()
    rmSync(dir, { recursive: true, force: true })
  }
}

const notesOf = (p: SyncProgress) => JSON.stringify(p.notes ?? [])

export default async function endlessSyncBench(): Promise<Record<string, Figure>> {
  const pick = new Set((process.env.ENDLESS_BENCH ?? 'chat,cancel,list').split(','))
  const figures: Record<string, Figure> = {}
  if (pick.has('chat')) {
    const o = await run({ chats: 1, endlessChats: 1 })
    const note = `${o.progress.state}; ${o.progress.messagesStored} messages; notes ${notesOf(o.progress)}; ${(o.bytes / 2 ** 20).toFixed(0)} MB on disk`
    console.error(`endless chat: ${o.seconds.toFixed(1)} s, rss +${o.rssGrowthMB.toFixed(0)} MB; ${note}`)
    figures.endlessChatSeconds = { value: o.seconds, unit: 's', note }
    figures.endlessChatRssGrowthMB = { value: o.rssGrowthMB, unit: 'MB', note: `heap +${o.heapGrowthMB.toFixed(0)} MB` }
  }
  if (pick.has('cancel')) {
    const o = await run({ chats: 1, endlessChats: 1 }, 8_000)
    const note = `${o.progress.state} after ${o.progress.messagesStored} messages`
    console.error(`cancel: ${o.cancelSeconds?.toFixed(2)} s; ${note}`)
    figures.cancelSeconds = { value: o.cancelSeconds ?? Number.NaN, unit: 's', note }
  }
  if (pick.has('list')) {
    const o = await run({ chats: null, messagesPerChat: 1 })
    const note = `${o.progress.state}; ${o.progress.chatsDone} chats; notes ${notesOf(o.progress)}; ${(o.bytes / 2 ** 20).toFixed(0)} MB on disk`
    console.error(`endless chat list: ${o.seconds.toFixed(1)} s, rss +${o.rssGrowthMB.toFixed(0)} MB; ${note}`)
    figures.endlessListSeconds = { value: o.seconds, unit: 's', note }
    figures.endlessListRssGrowthMB = { value: o.rssGrowthMB, unit: 'MB', note: `heap +${o.heapGrowthMB.toFixed(0)} MB` }
  }
  return figures
}
