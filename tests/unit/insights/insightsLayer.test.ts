import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { z } from 'zod'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Profile } from '../../../electron/contract/app/profiles'
import { insightsChannels } from '../../../electron/contract/app/insights'
import { cacheApi, CacheClient } from '../../../electron/core/cache/cacheClient'
import type { ProfileCache } from '../../../electron/core/cache/profileCache'
import { createInsightsLayer, tableCsv } from '../../../electron/core/insights/insightsLayer'
import { callHandler } from '../core/callHandler'

/** The inbox's and the insights' channels over a real cache worker, as the router calls them. */
let dir: string
let client: CacheClient
let cache: ProfileCache
const ctx = { activeProfile: async () => ({ id: 'p1' }) as Profile }

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'insights-layer-'))
  client = await CacheClient.start(join(dir, 'p.db'), 'ab'.repeat(32))
  cache = { ...cacheApi(client), profileId: 'p1' } as unknown as ProfileCache
  await cache.messages.saveChats([
    { id: 'c1', agentId: 'a1', type: 'WHATSAPP', humanTalk: true, role: 'user', time: 20 },
    { id: 'c2', agentId: 'a2', type: 'WIDGET', finished: true, time: 10 },
  ])
})

afterEach(async () => {
  await client.close()
  rmSync(dir, { recursive: true, force: true })
})

/** As the router does: the input parsed by the channel's schema, the output checked by its own. */
function call<N extends keyof typeof insightsChannels>(
  layer: ReturnType<typeof createInsightsLayer>,
  name: N,
  input: unknown,
): Promise<z.output<(typeof insightsChannels)[N]['output']>> {
  return callHandler(layer, name, input, ctx)
}

describe('the insights layer', () => {
  it('answers "not covered" until the workspace (or the filtered agent) finished a sync', async () => {
    const layer = createInsightsLayer({ cacheFor: async () => cache })
    expect(await call(layer, 'inbox.list', {})).toMatchObject({ covered: false, chats: [] })
    await cache.scopes.record('a1', 'done', 1000)
    expect(await call(layer, 'inbox.list', { agentId: 'a2' })).toMatchObject({ covered: false })
    expect(await call(layer, 'inbox.list', { agentId: 'a1', view: 'needsPerson' })).toMatchObject({
      covered: true,
      chats: [{ id: 'c1' }],
    })
    await cache.scopes.record(null, 'done', 2000)
    const all = await call(layer, 'inbox.list', { view: 'all', limit: 1, query: 'c' })
    expect(all.chats.map((c) => c.id)).toEqual(['c1'])
    expect(all.counts).toEqual({ needsPerson: 1, unread: 0, ai: 0, finished: 1, all: 2 })
    expect(all.next).toEqual({ time: 20, id: 'c1' })
  })

  it('says "not covered" when the cache cannot open, and the insights fail as offline', async () => {
    const layer = createInsightsLayer({
      cacheFor: async () => {
        throw new Error('no key')
      },
    })
    expect(await call(layer, 'inbox.list', {})).toMatchObject({ covered: false })
    await expect(call(layer, 'insights.compute', { from: 0, to: 1 })).rejects.toMatchObject({
      error: { kind: 'offline' },
    })
  })

  it('a read the cache closed under (a clear, a removed profile) is asked once more of the cache after it', async () => {
    await cache.scopes.record(null, 'done', 1000)
    const closed = await CacheClient.start(join(dir, 'closed.db'), 'ab'.repeat(32))
    await closed.close()
    const closedCache = { ...cacheApi(closed), profileId: 'p1' } as unknown as ProfileCache
    const direct = createInsightsLayer({ cacheFor: async () => cache, now: () => 5000 })
    for (const [name, input] of [
      ['inbox.list', {}],
      ['insights.compute', { from: 0, to: 100 }],
    ] as const) {
      let openings = 0
      const layer = createInsightsLayer({
        cacheFor: async () => (openings++ === 0 ? closedCache : cache),
        now: () => 5000,
      })
      // Before, the CacheClosed reached the router: "[router] unexpected CacheClosed", an internal error.
      const { computeMs: _timed, ...answer } = { computeMs: 0, ...(await call(layer, name, input)) }
      const { computeMs: _alsoTimed, ...expected } = { computeMs: 0, ...(await call(direct, name, input)) }
      expect(answer).toEqual(expected)
      expect(openings).toBe(2)
    }
  })

  it('saves a table as CSV and a chart as PNG through main, or gives the content back without a dialog', async () => {
    const saved: { defaultName: string; content: string; format: string }[] = []
    const layer = createInsightsLayer({
      cacheFor: async () => cache,
      saveFile: async (file) => {
        saved.push(file)
        return 'saved'
      },
    })
    const table = { columns: ['Agent', 'Chats'], rows: [['=cmd', 3]] }
    expect(await call(layer, 'insights.save', { fileName: 'agents.csv', table })).toEqual({ outcome: 'saved' })
    expect(saved[0]).toEqual({ defaultName: 'agents.csv', format: 'csv', content: "\uFEFFAgent,Chats\r\n'=cmd,3\r\n" })
    await call(layer, 'insights.save', { fileName: 'chart.png', png: 'data:image/png;base64,iVBORw0KGgo=' })
    expect(saved[1]).toEqual({ defaultName: 'chart.png', format: 'png', content: 'iVBORw0KGgo=' })
    expect(() => insightsChannels['insights.save'].input.parse({ fileName: '../x.csv', table })).toThrow()
    expect(() =>
      insightsChannels['insights.save'].input.parse({ fileName: 'x.png', png: 'data:text/html,<b>' }),
    ).toThrow()
    const preview = createInsightsLayer({ cacheFor: async () => cache })
    expect(await call(preview, 'insights.save', { fileName: 'a.csv', table })).toEqual({
      outcome: 'content',
      content: tableCsv(table),
    })
  })
})
