import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { Profile } from '../../../electron/contract/app/profiles'
import { cacheApi, CacheClient } from '../../../electron/core/cache/cacheClient'
import type { ProfileCache } from '../../../electron/core/cache/profileCache'
import { createDraftsLayer } from '../../../electron/core/drafts/draftsLayer'
import { callHandler } from '../core/callHandler'

const KEY = 'cd'.repeat(32)
const P1 = { id: 'p1', hasToken: true } as Profile
const P2 = { id: 'p2', hasToken: true } as Profile
const CONTACT = { name: 'Maria Aparecida da Silva', email: 'maria.silva@example.com.br', phone: '5511987654321' }

let dir: string | undefined
const clients: CacheClient[] = []
afterEach(async () => {
  for (const c of clients.splice(0)) await c.close()
  if (dir) rmSync(dir, { recursive: true, force: true })
  dir = undefined
})

async function openCache(file: string): Promise<ProfileCache> {
  const client = await CacheClient.start(file, KEY)
  clients.push(client)
  return { ...cacheApi(client) } as unknown as ProfileCache
}

/** The drafts channels over one cache file per profile; `broken` profiles' caches cannot open. */
function layerOver(caches: Record<string, () => Promise<ProfileCache>>) {
  const layer = createDraftsLayer({ cacheFor: (id) => caches[id]!() })
  let active: Profile = P1
  const ctx = { activeProfile: async () => active }
  const call = async <T>(name: keyof typeof layer.channels, input: unknown) =>
    (await callHandler(layer.channels, name, input, ctx)) as T
  return { layer, call, use: (p: Profile) => (active = p) }
}

describe('form drafts in the encrypted cache', () => {
  it('keeps a draft per profile in the encrypted file, across a restart, and never in the clear', async () => {
    dir = mkdtempSync(join(tmpdir(), 'drafts-'))
    const file1 = join(dir, 'p1.db')
    const file2 = join(dir, 'p2.db')
    const c1 = await openCache(file1)
    const c2 = await openCache(file2)
    const { call, use } = layerOver({ p1: async () => c1, p2: async () => c2 })

    expect(await call('drafts.save', { key: 'contact:C1', value: CONTACT })).toEqual({ kept: 'encrypted' })
    expect(await call('drafts.load', { key: 'contact:C1' })).toEqual({ found: true, value: CONTACT })
    // Another profile does not see it.
    use(P2)
    expect(await call('drafts.load', { key: 'contact:C1' })).toEqual({ found: false, value: null })
    use(P1)

    // A restart: the same file opened again still holds it.
    for (const c of clients.splice(0)) await c.close()
    const reopened = await openCache(file1)
    const after = layerOver({ p1: async () => reopened, p2: async () => reopened })
    expect(await after.call('drafts.load', { key: 'contact:C1' })).toEqual({ found: true, value: CONTACT })
    for (const c of clients.splice(0)) await c.close()
    expect(readFileSync(file1).includes(Buffer.from('maria.silva@example.com.br'))).toBe(false)

    const again = await openCache(file1)
    const last = layerOver({ p1: async () => again, p2: async () => again })
    await last.call('drafts.remove', { key: 'contact:C1' })
    expect(await last.call('drafts.load', { key: 'contact:C1' })).toEqual({ found: false, value: null })
  })

  it('with the cache off, a draft is kept in memory for the session (said so), never written anywhere', async () => {
    const { call, layer } = layerOver({
      p1: async () => {
        throw new Error('the cache key is gone')
      },
    })
    expect(await call('drafts.save', { key: 'contact:C1', value: CONTACT })).toEqual({ kept: 'memory' })
    expect(await call('drafts.load', { key: 'contact:C1' })).toEqual({ found: true, value: CONTACT })
    layer.forgetProfile('p1')
    expect(await call('drafts.load', { key: 'contact:C1' })).toEqual({ found: false, value: null })
  })

  it('refuses a draft too long to keep, and a key or input of the wrong shape', async () => {
    const { call } = layerOver({
      p1: async () => {
        throw new Error('off')
      },
    })
    await expect(call('drafts.save', { key: 'k', value: 'x'.repeat(1_000_001) })).rejects.toThrow(/too long/)
    await expect(call('drafts.save', { key: '', value: 1 })).rejects.toThrow()
    await expect(call('drafts.load', { key: 'k', extra: 1 })).rejects.toThrow()
  })
})
