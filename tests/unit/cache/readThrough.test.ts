import Database from 'better-sqlite3-multiple-ciphers'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppFailure } from '../../../electron/contract/app/result'
import type { Agent } from '../../../electron/contract'
import { createSecretStore, memoryBackend } from '../../../electron/core/vault'
import { SEED_FACTS } from '../../../electron/sandbox/index'
import { offlineWorld, TOKEN, type OfflineWorld } from '../sync/offlineHarness'

let world: OfflineWorld

// Syncs of the seeded workspace over HTTP take seconds, and much longer on a busy machine.
vi.setConfig({ testTimeout: 180_000 })

beforeEach(async () => {
  world = await offlineWorld({ layer: { readThrough: { revalidateAfterMs: 0, staleAfterMs: 60_000 } } })
})

afterEach(async () => {
  await world.cleanup()
})

const agentInput = () => ({ path: { agentId: SEED_FACTS.agents.support } })

async function rename(agentId: string, name: string): Promise<void> {
  // Straight to the service, as another user of the workspace would.
  const url = `${world.profile.baseUrl}/v2/agent/${agentId}`
  const current = (await (await fetch(url, { headers: { authorization: `Bearer ${TOKEN}` } })).json()) as Agent
  const res = await fetch(url, {
    method: 'PUT',
    headers: { authorization: `Bearer ${TOKEN}`, 'content-type': 'application/json' },
    body: JSON.stringify({ ...current, name }),
  })
  expect(res.status).toBe(200)
}

describe('read-through cache', () => {
  it('serves a read from the service, then from the cache marked offline when the service is gone, then refreshes after a restart', async () => {
    const g = world.gateway
    const first = await g.run(world.profile, 'agents.get', agentInput())
    expect(first.meta.source).toBe('network')
    const name = (first.data as Agent).name

    await world.sandbox.stop()
    const cached = await g.run(world.profile, 'agents.get', agentInput())
    expect(cached.meta.source).toBe('cache')
    expect((cached.data as Agent).name).toBe(name)
    await world.layer.settled()
    // The background refresh failed to reach the service: the app now knows it is offline.
    const offline = await g.run(world.profile, 'agents.get', agentInput())
    expect(offline.meta).toMatchObject({ source: 'cache', offline: true, stale: true, fetchedAt: first.meta.fetchedAt })
    expect(offline.data).toEqual(first.data)

    const restarted = await world.sandbox.start()
    world.profile.baseUrl = restarted.url
    await rename(SEED_FACTS.agents.support, 'Renamed while away')
    world.events.length = 0
    const stale = await g.run(world.profile, 'agents.get', agentInput())
    expect((stale.data as Agent).name).toBe(name)
    await world.layer.settled()
    expect(world.events).toContainEqual({
      event: 'cache.updated',
      payload: { endpoint: 'agents.get', key: JSON.stringify(agentInput()) },
    })
    const fresh = await g.run(world.profile, 'agents.get', agentInput())
    expect((fresh.data as Agent).name).toBe('Renamed while away')
    expect(fresh.meta.offline).toBeUndefined()
  })

  it('says offline, clearly, when nothing is cached and the service cannot be reached', async () => {
    await world.sandbox.stop()
    const failure = await world.gateway.run(world.profile, 'agents.get', agentInput()).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(AppFailure)
    expect((failure as AppFailure).error).toMatchObject({ kind: 'offline', endpoint: 'agents.get' })
    expect((failure as AppFailure).error.message).toMatch(/cannot be reached/)
  })

  it('sends writes to the service; offline they fail with the offline error', async () => {
    const g = world.gateway
    const { data } = await g.run(world.profile, 'agents.get', agentInput())
    await world.sandbox.stop()
    const failure = await g
      .run(world.profile, 'agents.update', { ...agentInput(), body: { ...(data as Agent), name: 'x' } })
      .catch((e: unknown) => e)
    expect((failure as AppFailure).error.kind).toBe('offline')
  })

  it('after a write, the item read is updated and the lists of the resource are read afresh', async () => {
    const g = world.gateway
    const listInput = { path: { workspaceId: world.profile.workspaceId }, query: { page: 1, pageSize: 10 } }
    await g.run(world.profile, 'agents.list', listInput)
    const { data } = await g.run(world.profile, 'agents.get', agentInput())
    const requestsBefore = world.requests.paths.length
    await g.run(world.profile, 'agents.update', { ...agentInput(), body: { ...(data as Agent), name: 'Written here' } })
    expect(world.requests.paths.length).toBe(requestsBefore + 1)

    const item = await g.run(world.profile, 'agents.get', agentInput())
    expect(item.meta.source).toBe('cache')
    expect((item.data as Agent).name).toBe('Written here')
    // The list the write made stale is known to be out of date, so it is not served from the cache.
    const list = await g.run(world.profile, 'agents.list', listInput)
    expect(list.meta.source).toBe('network')
    expect((list.data as Agent[]).map((a) => a.name)).toContain('Written here')
    const again = await g.run(world.profile, 'agents.list', listInput)
    expect(again.meta).toMatchObject({ source: 'cache', stale: false })
  })

  it('a write answered with a bare {success} never replaces the cached read of the resource', async () => {
    const g = world.gateway
    const input = { path: { agentId: SEED_FACTS.agents.support } }
    const before = await g.run(world.profile, 'webhooks.get', input)
    const body = { ...(before.data as Record<string, string | null>), onCreateEvent: 'https://agenda.example.com/hook' }
    await g.run(world.profile, 'webhooks.update', { ...input, body })
    const after = await g.run(world.profile, 'webhooks.get', input)
    expect(after.data).toMatchObject({ onCreateEvent: 'https://agenda.example.com/hook' })
    expect(after.data).not.toHaveProperty('success')
    const again = await g.run(world.profile, 'webhooks.get', input)
    expect(again.data).toEqual(after.data)
  })

  it('serves a list a write made stale from the cache, marked stale, when the service cannot be reached', async () => {
    const g = world.gateway
    const listInput = { path: { workspaceId: world.profile.workspaceId }, query: { page: 1, pageSize: 10 } }
    await g.run(world.profile, 'agents.list', listInput)
    const { data } = await g.run(world.profile, 'agents.get', agentInput())
    await g.run(world.profile, 'agents.update', {
      ...agentInput(),
      body: { ...(data as Agent), name: 'Written offline' },
    })
    await world.sandbox.stop()
    const list = await g.run(world.profile, 'agents.list', listInput)
    expect(list.meta).toMatchObject({ source: 'cache', stale: true, offline: true })
    await world.layer.settled()
  })

  it('a deleted contact is not served from the cache, though the delete names only its id', async () => {
    const g = world.gateway
    const contactId = SEED_FACTS.contactId
    const getInput = { path: { workspaceId: world.profile.workspaceId, contactId } }
    const other = { path: { workspaceId: world.profile.workspaceId, contactId: SEED_FACTS.accentedContactId } }
    expect((await g.run(world.profile, 'contacts.get', getInput)).meta.source).toBe('network')
    await g.run(world.profile, 'contacts.get', other)
    expect((await g.run(world.profile, 'contacts.get', getInput)).meta.source).toBe('cache')
    await world.layer.settled()

    await g.run(world.profile, 'contacts.delete', { path: { contactId } })
    const failure = await g.run(world.profile, 'contacts.get', getInput).catch((e: unknown) => e)
    expect(failure).toBeInstanceOf(AppFailure)
    expect((failure as AppFailure).error.kind).toBe('not_found')
    // Only the deleted contact's read went: another contact is still there (read afresh, since the
    // delete made the resource's reads stale).
    const kept = await g.run(world.profile, 'contacts.get', other)
    expect((kept.data as { id: string }).id).toBe(SEED_FACTS.accentedContactId)
  })

  it('drops a cached read when its background refresh finds the thing gone', async () => {
    const g = world.gateway
    const contactId = SEED_FACTS.contactId
    const getInput = { path: { workspaceId: world.profile.workspaceId, contactId } }
    const first = await g.run(world.profile, 'contacts.get', getInput)
    // Deleted by someone else, straight at the service.
    const res = await fetch(`${world.profile.baseUrl}/v2/contact/${contactId}/delete`, {
      method: 'DELETE',
      headers: { authorization: `Bearer ${TOKEN}` },
    })
    expect(res.ok).toBe(true)
    world.events.length = 0
    const served = await g.run(world.profile, 'contacts.get', getInput)
    expect(served).toMatchObject({ data: first.data, meta: { source: 'cache' } })
    await world.layer.settled()
    expect(world.events).toContainEqual({
      event: 'cache.updated',
      payload: {
        endpoint: 'contacts.get',
        key: JSON.stringify({ path: { contactId, workspaceId: world.profile.workspaceId } }),
      },
    })
    const failure = await g.run(world.profile, 'contacts.get', getInput).catch((e: unknown) => e)
    expect((failure as AppFailure).error.kind).toBe('not_found')
  })

  it('keeps one entry per query, whatever the order of its keys', async () => {
    const g = world.gateway
    const page = (n: number) => ({ path: { workspaceId: world.profile.workspaceId }, query: { page: n, pageSize: 2 } })
    const one = await g.run(world.profile, 'agents.list', page(1))
    const two = await g.run(world.profile, 'agents.list', page(2))
    expect(one.data).not.toEqual(two.data)
    const again = await g.run(world.profile, 'agents.list', { ...page(1), query: { pageSize: 2, page: 1 } })
    expect(again.meta.source).toBe('cache')
    expect(again.data).toEqual(one.data)
  })

  it('keeps messages read through the cache for local history and search', async () => {
    const g = world.gateway
    const chats = await g.run(world.profile, 'chats.list', { path: { workspaceId: world.profile.workspaceId } })
    const someChat = (chats.data as { id: string }[])[0].id
    const answer = await g.run(world.profile, 'messages.list', {
      path: { chatId: someChat },
      query: { page: 1, pageSize: 10 },
    })
    const cache = await world.layer.cacheFor(world.profile.id)
    const local = await cache.messages.page(someChat, undefined, 10)
    expect(local.messages.map((m) => m.id)).toEqual((answer.data as { id: string }[]).map((m) => m.id))
  })

  it('encrypts the file: its bytes hold neither the token nor any message text, and it needs the key', async () => {
    const g = world.gateway
    const chats = await g.run(world.profile, 'chats.list', { path: { workspaceId: world.profile.workspaceId } })
    const texts: string[] = []
    for (const chat of (chats.data as { id: string }[]).slice(0, 5)) {
      const { data } = await g.run(world.profile, 'messages.list', {
        path: { chatId: chat.id },
        query: { pageSize: 50 },
      })
      for (const m of data as { text?: string | null }[]) if (m.text && m.text.length >= 12) texts.push(m.text)
    }
    expect(texts.length).toBeGreaterThan(10)
    const cache = await world.layer.cacheFor(world.profile.id)
    const { readFileSync, existsSync } = await import('node:fs')
    const check = (file: string) => {
      if (!existsSync(file)) return
      const bytes = readFileSync(file)
      expect(bytes.includes(TOKEN)).toBe(false)
      for (const t of texts) expect(bytes.includes(Buffer.from(t, 'utf8')), t).toBe(false)
    }
    // While open (data in the WAL) and after close (checkpointed into the main file).
    check(cache.file)
    check(`${cache.file}-wal`)
    await world.layer.dispose()
    check(cache.file)
    expect(readFileSync(cache.file).subarray(0, 16).toString('latin1')).not.toBe('SQLite format 3\u0000')
    const plain = new Database(cache.file)
    expect(() => plain.prepare('SELECT count(*) FROM messages').get()).toThrow(/not a database/)
    plain.close()
  })

  it('works online only when the cache cannot be opened (the vault refuses the key)', async () => {
    const broken = createSecretStore(memoryBackend(), { backend: 'memory', weak: false })
    broken.get = async () => {
      throw new Error('keychain locked')
    }
    const w = await offlineWorld({ secrets: broken })
    try {
      const first = await w.gateway.run(w.profile, 'agents.get', agentInput())
      const second = await w.gateway.run(w.profile, 'agents.get', agentInput())
      expect([first.meta.source, second.meta.source]).toEqual(['network', 'network'])
    } finally {
      await w.cleanup()
    }
  })
})
