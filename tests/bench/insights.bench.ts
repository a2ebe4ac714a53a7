import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { cacheApi, CacheClient } from '../../electron/core/cache/cacheClient'
import { openCacheDatabase } from '../../electron/core/cache/cacheDatabase'
import { INBOX_VIEWS } from '../../electron/contract/app/insights'
import { lagMonitor } from './lag'
import { InsightsQuery } from '../../electron/core/cache/insightsQuery'
import { MessageStore } from '../../electron/core/cache/messageStore'
import { makeMessages, rng } from './chatText'

/**
 * The inbox's view switch over 100,000 cached chats and the insights over 1,000,000 cached
 * messages, both as the app runs them: in the cache worker, the main process sending a
 * message and waiting, its event-loop lag measured meanwhile. The offline copy is written straight
 * into the file first (through the schema's own triggers, without the search index, which neither
 * reads). Figures only. BENCH_INBOX_CHATS and BENCH_INSIGHTS_MESSAGES make a smaller run.
 */

type Figure = { value: number; unit: string; baseline?: number; ratio?: number; note?: string }

const CHATS = Number(process.env.BENCH_INBOX_CHATS ?? 100_000)
const MESSAGES = Number(process.env.BENCH_INSIGHTS_MESSAGES ?? 1_000_000)
const INGEST_MESSAGES = Number(process.env.BENCH_INSIGHTS_INGEST ?? 40_000)
const KEY_HEX = 'ab'.repeat(32)
const CHANNELS = ['WHATSAPP', 'INSTAGRAM', 'WIDGET', 'CLOUD_API', 'TELEGRAM']
const DAY = 86_400_000

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!

/** Chats of 12 agents over 90 days; each chat's messages alternate customer and answers, some by a person. */
export function fill(file: string) {
  const { db } = openCacheDatabase(file, KEY_HEX)
  const random = rng(7)
  const end = Date.UTC(2026, 2, 1)
  const chat = db.prepare('INSERT INTO chats (id, agent_id, name, time, raw) VALUES (?, ?, ?, ?, ?)')
  const message = db.prepare(
    'INSERT INTO messages (seq, chat_id, id, time, role, type, raw) VALUES (?, ?, ?, ?, ?, ?, ?)',
  )
  const perChat = Math.max(1, Math.floor(MESSAGES / CHATS))
  let seq = 0
  const write = db.transaction((from: number, to: number) => {
    for (let i = from; i < to; i++) {
      const id = `chat${i}`
      const human = random() < 0.15
      const start = end - Math.floor(random() * 90 * DAY)
      let t = start
      let role = 'user'
      for (let k = 0; k < perChat; k++) {
        role = k % 2 === 0 ? 'user' : 'assistant'
        const byPerson = role === 'assistant' && human && k > perChat / 2
        const m = {
          id: `${id}-${k}`,
          time: t,
          role,
          type: 'TEXT',
          text: 'mensagem de teste',
          ...(byPerson ? { userId: 'op1', userName: 'Ana' } : {}),
        }
        message.run(++seq, id, m.id, t, role, 'TEXT', JSON.stringify(m))
        t += 1000 + Math.floor(random() * 600_000)
      }
      const raw = {
        id,
        name: `Cliente ${i}`,
        agentId: `agent${i % 12}`,
        agentName: `Agente ${i % 12}`,
        type: CHANNELS[i % CHANNELS.length],
        humanTalk: human,
        finished: !human && random() < 0.4,
        role,
        unReadCount: role === 'user' ? 1 + Math.floor(random() * 4) : 0,
        conversation: 'mensagem de teste',
        time: t,
      }
      chat.run(id, raw.agentId, raw.name, t, JSON.stringify(raw))
    }
  })
  for (let i = 0; i < CHATS; i += 5000) write(i, Math.min(CHATS, i + 5000))
  db.prepare('INSERT INTO synced_scopes (agent_id, last_synced_at, last_state) VALUES (?, ?, ?)').run('', end, 'done')
  db.pragma('wal_checkpoint(TRUNCATE)')
  db.close()
  return { messages: seq, from: end - 90 * DAY, to: end }
}

/** The triggers of migration 013 that mark a chat's insights digest stale on every write. */
const DIGEST_TRIGGERS = [
  'messages_insights_insert',
  'messages_insights_delete',
  'messages_insights_update',
  'chats_insights_insert',
  'chats_insights_delete',
  'chats_insights_update',
]

/**
 * What the digests' triggers cost the ingest: the same messages through the app's own ingest
 * (MessageStore, search index included) into a file with the triggers and one without, in turns,
 * five times each; messages per second with ÷ without.
 */
function ingestCost(dir: string): { ratio: number; withMs: number; withoutMs: number } {
  const random = rng(11)
  const vocabulary = Array.from({ length: 2000 }, (_, i) => `palavra${i}`)
  const chats = Math.max(1, Math.floor(INGEST_MESSAGES / 40))
  const batches = Array.from({ length: chats }, (_, c) =>
    makeMessages(`c${c}`, 40, Date.UTC(2026, 0, 1) + c * 60_000, random, vocabulary),
  )
  const once = (withTriggers: boolean, round: number) => {
    const file = join(dir, `ingest-${withTriggers ? 'with' : 'without'}-${round}.sqlite`)
    const { db } = openCacheDatabase(file, KEY_HEX)
    if (!withTriggers) for (const t of DIGEST_TRIGGERS) db.exec(`DROP TRIGGER ${t}`)
    const store = new MessageStore(db)
    store.saveChats(batches.map((_, c) => ({ id: `c${c}`, agentId: 'agent1', name: `c${c}`, time: 0 })))
    const t = performance.now()
    batches.forEach((messages, c) => store.ingest(`c${c}`, messages))
    const ms = performance.now() - t
    db.close()
    rmSync(file, { force: true })
    for (const side of ['-wal', '-shm']) rmSync(file + side, { force: true })
    return ms
  }
  const withMs: number[] = []
  const withoutMs: number[] = []
  for (let round = 0; round < 5; round++) {
    withoutMs.push(once(false, round))
    withMs.push(once(true, round))
  }
  const w = median(withMs)
  const wo = median(withoutMs)
  // Rates: messages per ms with ÷ without = time without ÷ time with.
  return { ratio: wo / w, withMs: w, withoutMs: wo }
}

export default async function insightsBench(): Promise<Record<string, Figure>> {
  const dir = mkdtempSync(join(tmpdir(), 'insights-bench-'))
  const file = join(dir, 'p.sqlite')
  try {
    const cost = ingestCost(dir)
    let figures: Record<string, Figure> = {}
    const { messages, from, to } = fill(file)
    const client = await CacheClient.start(file, KEY_HEX)
    const api = cacheApi(client)
    try {
      // A view switch: the first page of the view with every view's count, as the inbox asks.
      await api.inbox.list({ view: 'all', agentId: null, channel: null, limit: 50 })
      const switches: number[] = []
      const switchLag = lagMonitor()
      for (let round = 0; round < 5; round++)
        for (const view of INBOX_VIEWS) {
          const t = performance.now()
          await api.inbox.list({ view, agentId: null, channel: null, limit: 50 })
          switches.push(performance.now() - t)
        }
      const switchLagMs = switchLag.stop()

      // The first computation after the fill also rebuilds every chat's digest (as after a sync).
      let t = performance.now()
      await api.insights.compute({ from, to, period: 'week' }, to)
      const firstMs = performance.now() - t
      const computes: number[] = []
      const computeLag = lagMonitor()
      for (let round = 0; round < 3; round++) {
        t = performance.now()
        await api.insights.compute({ from, to, period: 'day' }, to)
        computes.push(performance.now() - t)
      }
      const computeLagMs = computeLag.stop()
      // The same main process waiting as long without asking anything: the lag the machine adds.
      const idleLag = lagMonitor()
      await new Promise((resolve) =>
        setTimeout(
          resolve,
          computes.reduce((a, b) => a + b, 0),
        ),
      )
      const idleLagMs = idleLag.stop()
      figures = {
        'inbox.viewSwitchMs': {
          value: median(switches),
          unit: 'ms',
          note: `median of ${switches.length} switches (first page of 50 and every view's count) over ${CHATS} cached chats, in the cache worker; main lag ${switchLagMs.toFixed(1)} ms`,
        },
        'insights.computeMs': {
          value: median(computes),
          unit: 'ms',
          note: `median of ${computes.length} computations (every figure, by day, agent and channel) over ${messages} cached messages in ${CHATS} chats, in the cache worker`,
        },
        'insights.firstComputeMs': {
          value: firstMs,
          unit: 'ms',
          note: `the first computation after writing ${messages} messages: every chat's digest rebuilt, then the figures by week`,
        },
        'insights.ingestCostRatio': {
          value: cost.ratio,
          unit: 'ratio',
          baseline: cost.withoutMs,
          ratio: cost.ratio,
          note: `ingest rate with the digests' stale-marking triggers ÷ without, ${INGEST_MESSAGES} messages through MessageStore.ingest, median of 5 turns each (with ${cost.withMs.toFixed(0)} ms, without ${cost.withoutMs.toFixed(0)} ms)`,
        },
        'insights.mainLagMs': {
          value: computeLagMs,
          unit: 'ms',
          baseline: idleLagMs,
          ratio: idleLagMs > 0 ? computeLagMs / idleLagMs : 0,
          note: "the main process's longest event-loop delay while the insights were computed; baseline: the same over an idle wait as long, right after",
        },
      }
    } finally {
      await client.close()
    }
    // The computation's own CPU time, in this thread over the same file (the digests built): the
    // figure a loaded machine's waiting does not inflate.
    const { db } = openCacheDatabase(file, KEY_HEX)
    try {
      const insights = new InsightsQuery(db)
      insights.compute({ from, to, period: 'day' }, to)
      const cpu: number[] = []
      for (let round = 0; round < 3; round++) {
        const c = process.threadCpuUsage()
        insights.compute({ from, to, period: 'day' }, to)
        const d = process.threadCpuUsage(c)
        cpu.push((d.user + d.system) / 1000)
      }
      figures['insights.computeCpuMs'] = {
        value: median(cpu),
        unit: 'ms',
        note: `CPU time of one computation (every figure, by day) over ${messages} cached messages, median of 3, in-process`,
      }
    } finally {
      db.close()
    }
    return figures
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
