import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../electron/contract/app/profiles'
import { AppFailure, appError } from '../../../electron/contract/app/result'
import {
  endpointNames,
  endpoints,
  readsAffectedBy,
  readsForgottenBy,
  type EndpointDef,
  type EndpointName,
} from '../../../electron/contract'
import { closeProfileCache, openProfileCache, type ProfileCache } from '../../../electron/core/cache/profileCache'
import { ReadThroughGateway } from '../../../electron/core/cache/readThrough'
import { paramsKey } from '../../../electron/core/cache/responseCache'
import type { ApiGateway, GatewayAnswer } from '../../../electron/core/gateway'
import { createSecretStore, memoryBackend } from '../../../electron/core/vault'

/**
 * Every write of the endpoint table against the offline cache: what it changed is never served as
 * fresh afterwards, and what it did not change still is. The rule comes from the contract
 * (`readsAffectedBy`), the same one the renderer's query layer follows.
 */

const profile: Profile = {
  id: 'p1',
  label: 'Test',
  kind: 'service',
  baseUrl: 'https://api.example.test',
  workspaceId: 'W',
  rememberToken: true,
  hasToken: true,
  createdAt: 0,
}

const def = (name: EndpointName): EndpointDef => endpoints[name]
const reads = endpointNames.filter((n) => def(n).cacheable)
const writes = endpointNames.filter((n) => !def(n).cacheable)

/** An input naming `id` for every path parameter (and the query a read needs). */
function inputOf(name: EndpointName, id: string): Record<string, unknown> {
  const d = def(name)
  const input: Record<string, unknown> = {}
  if (d.params.length > 0) input.path = Object.fromEntries(d.params.map((p) => [p, id]))
  if (name === 'trainings.list') input.query = { type: 'TEXT' }
  if (name === 'behaviorHistory.list') input.query = { page: 0, pageSize: 10 }
  return input
}

/** The service: each read answers a new version of its data; writes answer in their own shape. */
class FakeService implements ApiGateway {
  calls: { name: EndpointName; input: unknown }[] = []
  version = 0
  hold: Promise<void> | undefined
  async run(_p: Profile, name: EndpointName, input: unknown): Promise<GatewayAnswer> {
    this.calls.push({ name, input })
    const meta = { source: 'network' as const, fetchedAt: 1000 + this.calls.length }
    if (!def(name).cacheable) return { data: { id: 'X', written: name }, meta }
    const version = ++this.version
    if (this.hold) await this.hold
    if (name === 'messages.list' || name === 'chats.list') return { data: [], meta }
    return { data: { id: 'X', version }, meta }
  }
  readsOf(name: EndpointName) {
    return this.calls.filter((c) => c.name === name).length
  }
}

let dir: string
let cache: ProfileCache
let service: FakeService
let gateway: ReadThroughGateway

beforeEach(async () => {
  dir = mkdtempSync(join(tmpdir(), 'write-invalidation-'))
  cache = await openProfileCache(dir, createSecretStore(memoryBackend(), { backend: 'memory', weak: false }), 'p1')
  service = new FakeService()
  gateway = new ReadThroughGateway(service, {
    cacheFor: async () => cache,
    onUpdated: () => undefined,
    now: () => 2000,
    // Nothing is refreshed in the background unless a write made it stale.
    revalidateAfterMs: Number.MAX_SAFE_INTEGER,
    staleAfterMs: Number.MAX_SAFE_INTEGER,
  })
})

afterEach(async () => {
  await gateway.settled()
  await closeProfileCache(cache)
  rmSync(dir, { recursive: true, force: true })
})

describe('a write brings exactly the cached reads it affects in step', () => {
  it.each(writes)('%s', async (write) => {
    const seeded: { name: EndpointName; input: Record<string, unknown>; data: unknown }[] = []
    for (const name of reads)
      for (const id of def(name).params.length > 0 ? ['X', 'Y'] : ['X']) {
        const input = inputOf(name, id)
        seeded.push({ name, input, data: (await gateway.run(profile, name, input)).data })
      }
    const writeInput = inputOf(write, 'X')
    await gateway.run(profile, write, writeInput)
    const affected = readsAffectedBy(write, writeInput)
    const forgotten = readsForgottenBy(write, writeInput)

    for (const { name, input, data } of seeded) {
      const before = service.calls.length
      const after = await gateway.run(profile, name, input)
      const label = `${write} → ${name} ${JSON.stringify(input.path ?? {})}`
      if (affected(name, input)) {
        // Never the old copy: a read of the written item itself, of the very resource the write
        // answers (and not deleted), holds that answer; any other is asked of the service again.
        const writtenPath = Object.entries((writeInput.path ?? {}) as Record<string, string>)
        const readPath = (input.path ?? {}) as Record<string, string>
        const namesItem = writtenPath.length > 0 && writtenPath.every(([k, v]) => readPath[k] === v)
        const takesAnswer =
          !forgotten(name, input) &&
          def(write).method !== 'DELETE' &&
          namesItem &&
          def(name).response === def(write).response
        if (takesAnswer) {
          expect(after.meta, label).toMatchObject({ source: 'cache', stale: false })
          expect(after.data, label).toEqual({ id: 'X', written: write })
          expect(service.calls.length, label).toBe(before)
        } else {
          expect(after.meta.source, label).toBe('network')
          expect(service.calls.length, label).toBe(before + 1)
        }
      } else {
        expect(after.meta, label).toMatchObject({ source: 'cache', stale: false })
        expect(after.data, label).toEqual(data)
        expect(service.calls.length, label).toBe(before)
      }
    }
  })

  it('every write affects at least one of the reads seeded above', () => {
    for (const write of writes) {
      const affected = readsAffectedBy(write, inputOf(write, 'X'))
      expect(
        reads.some((r) => affected(r, inputOf(r, 'X'))),
        write,
      ).toBe(true)
    }
  })
})

describe('a saved contact in the offline copy', () => {
  const getInput = { path: { workspaceId: 'W', contactId: 'C1' } }
  const otherInput = { path: { workspaceId: 'W', contactId: 'C2' } }

  it('shows the saved values, fresh, under the key the read uses (the update names only the contact)', async () => {
    await gateway.run(profile, 'contacts.get', getInput)
    await gateway.run(profile, 'contacts.get', otherInput)
    const saved = { id: 'C1', name: 'Saved name' }
    service.run = async (_p, name, input) => {
      service.calls.push({ name, input })
      return { data: name === 'contacts.update' ? saved : { id: 'Z' }, meta: { source: 'network', fetchedAt: 1500 } }
    }
    await gateway.run(profile, 'contacts.update', { path: { contactId: 'C1' }, body: { name: 'Saved name' } })
    const calls = service.calls.length
    const after = await gateway.run(profile, 'contacts.get', getInput)
    expect(after).toEqual({ data: saved, meta: { source: 'cache', fetchedAt: 1500, stale: false } })
    expect(service.calls.length).toBe(calls)
    // Another contact is untouched and still fresh.
    expect((await gateway.run(profile, 'contacts.get', otherInput)).meta).toMatchObject({
      source: 'cache',
      stale: false,
    })
  })

  it('a background refresh that started before the save never brings the old values back as fresh', async () => {
    gateway = new ReadThroughGateway(service, {
      cacheFor: async () => cache,
      onUpdated: () => undefined,
      now: () => 2000,
      revalidateAfterMs: 0,
      staleAfterMs: Number.MAX_SAFE_INTEGER,
    })
    await gateway.run(profile, 'contacts.get', getInput)
    let release!: () => void
    service.hold = new Promise<void>((r) => (release = r))
    // Served from the cache; a refresh starts and waits at the service with the old values.
    await gateway.run(profile, 'contacts.get', getInput)
    await gateway.run(profile, 'contacts.update', { path: { contactId: 'C1' }, body: { name: 'New' } })
    release()
    service.hold = undefined
    await gateway.settled()
    const cached = await cache.responses.get('contacts.get', paramsKey(getInput))
    expect(cached).toMatchObject({ data: { id: 'X', written: 'contacts.update' }, stale: false })
    expect(service.calls.map((c) => c.name)).toEqual(['contacts.get', 'contacts.get', 'contacts.update'])
  })
})

describe('a read the service answered before a write arrived', () => {
  const listInput = { path: { workspaceId: 'W' }, query: { page: 1, pageSize: 20 } }

  /** Starts a read and waits until it is at the service (which has read the old state); it answers on `release`. */
  async function heldRead(name: EndpointName, input: unknown) {
    let release!: () => void
    service.hold = new Promise<void>((r) => (release = r))
    const asked = service.calls.length
    const answer = gateway.run(profile, name, input)
    await vi.waitFor(() => expect(service.calls.length).toBe(asked + 1))
    service.hold = undefined
    return { answer, release }
  }

  it('a chat list asked before a take-over is not kept: the read after the take-over asks the service', async () => {
    await gateway.run(profile, 'chats.list', listInput)
    // The return to the AI made the cached list stale: the next read asks the service (and waits there).
    await gateway.run(profile, 'chats.stopHuman', { path: { chatId: 'C1' } })
    const read = await heldRead('chats.list', listInput)
    await gateway.run(profile, 'chats.startHuman', { path: { chatId: 'C1' } })
    read.release()
    expect((await read.answer).meta.source).toBe('network')
    const calls = service.calls.length
    const after = await gateway.run(profile, 'chats.list', listInput)
    expect(after.meta.source).toBe('network')
    expect(service.calls.length).toBe(calls + 1)
  })

  it('a read with nothing cached yet is not kept either when a write overtook it', async () => {
    const read = await heldRead('chats.list', listInput)
    await gateway.run(profile, 'chats.startHuman', { path: { chatId: 'C1' } })
    read.release()
    await read.answer
    expect(await cache.responses.get('chats.list', paramsKey(listInput))).toBeUndefined()
  })

  it('a contact asked before its save never replaces the saved values', async () => {
    const getInput = { path: { workspaceId: 'W', contactId: 'C1' } }
    await gateway.run(profile, 'contacts.get', getInput)
    // Stale (as after a failed refresh), so the next read asks the service, and waits there.
    await cache.responses.markStaleAt('contacts.get', paramsKey(getInput))
    const read = await heldRead('contacts.get', getInput)
    await gateway.run(profile, 'contacts.update', { path: { contactId: 'C1' }, body: { name: 'Saved' } })
    read.release()
    expect((await read.answer).data).toMatchObject({ version: expect.any(Number) })
    const cached = await cache.responses.get('contacts.get', paramsKey(getInput))
    expect(cached).toMatchObject({ data: { id: 'X', written: 'contacts.update' }, stale: false })
  })

  it('a write of another chat leaves the read to be kept', async () => {
    const chatInput = { path: { chatId: 'C1' }, query: { page: 1, pageSize: 50 } }
    const read = await heldRead('messages.list', chatInput)
    await gateway.run(profile, 'messages.clear', { path: { chatId: 'C2' } })
    read.release()
    await read.answer
    expect(await cache.responses.get('messages.list', paramsKey(chatInput))).toMatchObject({ stale: false })
  })
})

describe('a delete forgets what it deleted', () => {
  it.each(writes.filter((w) => def(w).method === 'DELETE'))(
    '%s: its reads leave the cache, without a read',
    async (write) => {
      const writeInput = inputOf(write, 'X')
      const forgotten = readsForgottenBy(write, writeInput)
      const named = reads.filter((r) => forgotten(r, inputOf(r, 'X')))
      for (const name of named) await gateway.run(profile, name, inputOf(name, 'X'))
      const before = service.calls.length
      await gateway.run(profile, write, writeInput)
      expect(service.calls.length).toBe(before + 1)
      for (const name of named)
        expect(await cache.responses.get(name, paramsKey(inputOf(name, 'X'))), name).toBeUndefined()
    },
  )

  it('a read the service answers "not found" leaves the cache, so offline it is not served as if it still existed', async () => {
    const input = inputOf('agents.get', 'X')
    await gateway.run(profile, 'agents.get', input)
    await cache.responses.markStaleAt('agents.get', paramsKey(input))
    const gone: ApiGateway = {
      run: async () => {
        throw new AppFailure(appError('not_found', 'agent X not found', { status: 404 }))
      },
    }
    const g = new ReadThroughGateway(gone, { cacheFor: async () => cache, onUpdated: () => undefined })
    const failure = await g.run(profile, 'agents.get', input).catch((e: unknown) => e)
    expect((failure as AppFailure).error.kind).toBe('not_found')
    expect(await cache.responses.get('agents.get', paramsKey(input))).toBeUndefined()
  })
})
