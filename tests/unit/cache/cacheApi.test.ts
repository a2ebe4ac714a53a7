import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, expectTypeOf, it } from 'vitest'
import { cacheApi, CacheClient, type CacheApi } from '../../../electron/core/cache/cacheClient'
import { CACHE_CIPHER } from '../../../electron/core/cache/cacheDatabase'
import { CacheServer, type CacheMethod } from '../../../electron/core/cache/cacheServer'
import { checkCacheFile } from '../../../electron/core/cache/integrityCheck'
import type { DraftTable } from '../../../electron/core/drafts/draftTable'
import type { OutboxQueue } from '../../../electron/core/outbox/outboxQueue'

/**
 * The client's API is derived from the worker's method table: every `ns.verb` of the table is
 * `api.ns.verb`, typed by the table's own signature, and answers what the table's method returns.
 */
const KEY = 'ab'.repeat(32)
let dir: string
let client: CacheClient
let api: CacheApi

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'cache-api-'))
  client = await CacheClient.start(join(dir, 'p.db'), KEY)
  api = cacheApi(client)
})

afterAll(async () => {
  await client.close()
  rmSync(dir, { recursive: true, force: true })
})

describe('the cache API derived from the worker method table', () => {
  it('has a function for every method of the table, and only those (besides the writes and the search)', () => {
    const server = new CacheServer(join(dir, 'direct.db'), KEY)
    try {
      const table = Object.keys(server.methods).sort()
      expect([...client.methods].sort()).toEqual(table)
      const api2 = api as unknown as Record<string, Record<string, unknown>>
      for (const name of table) {
        const [ns, verb] = name.split('.')
        expect(typeof api2[ns]?.[verb], name).toBe('function')
      }
      const derived = Object.entries(api2).flatMap(([ns, verbs]) => Object.keys(verbs).map((v) => `${ns}.${v}`))
      const handWritten = ['writer.ingestPage', 'writer.markChatSynced', 'search.search', 'outbox.volatile']
      expect(derived.filter((n) => !table.includes(n)).sort()).toEqual([...handWritten].sort())
    } finally {
      server.close()
    }
  })

  it('answers with the result the table method returns, typed as it', async () => {
    expectTypeOf(api.drafts.load).parameters.toEqualTypeOf<Parameters<DraftTable['load']>>()
    expectTypeOf(api.drafts.load).returns.resolves.toEqualTypeOf<ReturnType<DraftTable['load']>>()
    expectTypeOf(api.outbox).toMatchTypeOf<OutboxQueue>()
    expectTypeOf<'drafts.load'>().toMatchTypeOf<CacheMethod>()
    await api.drafts.save('k', '{"a":1}', 5)
    const loaded = await api.drafts.load('k')
    expect(loaded).toBe('{"a":1}')
  })

  it('a call the table does not have is refused by the worker, not run', async () => {
    const call = client.call.bind(client) as (m: string, ...a: unknown[]) => Promise<unknown>
    await expect(call('constructor')).rejects.toThrow(/unknown cache operation constructor/)
    await expect(call('drafts.nope')).rejects.toThrow(/unknown cache operation/)
  })

  it('the check mode answers through the protocol union', async () => {
    await api.writer.flush()
    expect(await checkCacheFile(join(dir, 'p.db'), KEY, CACHE_CIPHER)).toEqual({ state: 'ok' })
    expect(await checkCacheFile(join(dir, 'p.db'), 'ef'.repeat(32), CACHE_CIPHER)).toMatchObject({ state: 'damaged' })
  })
})
