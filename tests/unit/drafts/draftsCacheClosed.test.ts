import { describe, expect, it } from 'vitest'
import type { Profile } from '../../../electron/contract/app/profiles'
import { AppFailure, appError } from '../../../electron/contract/app/result'
import { CacheClosed } from '../../../electron/core/cache/cacheClient'
import type { KeptValueTable } from '../../../electron/core/cache/profileKeptValues'
import type { ProfileCache } from '../../../electron/core/cache/profileCache'
import { createDraftsLayer } from '../../../electron/core/drafts/draftsLayer'
import { callHandler } from '../core/callHandler'

/**
 * A draft's load, save or remove whose cache closes under it (a clear, a removed profile, the app
 * closing) is done once more on what comes after: the reopened file, or, once the app is closing,
 * no file (as when the cache cannot open). Before, the CacheClosed reached the router as an
 * unexpected exception and the form said "Something went wrong in the app".
 */
const P1 = { id: 'p1', hasToken: true } as Profile
const ctx = { activeProfile: async () => P1 }

/** A table whose every call fails as a cache closed under it. */
const closedTable: KeptValueTable = {
  load: () => Promise.reject(new CacheClosed()),
  save: () => Promise.reject(new CacheClosed()),
  remove: () => Promise.reject(new CacheClosed()),
}

function memoryTable(rows = new Map<string, string>()): KeptValueTable {
  return {
    load: async (key) => rows.get(key) ?? null,
    save: async (key, json) => void rows.set(key, json),
    remove: async (key) => void rows.delete(key),
  }
}

/** The drafts channels over the caches `cacheFor` hands out in turn (the last one from then on). */
function draftsOver(...next: (() => Promise<KeptValueTable>)[]) {
  let opened = 0
  const layer = createDraftsLayer({
    cacheFor: async () => {
      const table = await next[Math.min(opened++, next.length - 1)]!()
      return { open: true, drafts: table } as unknown as ProfileCache
    },
  })
  return {
    call: (name: 'drafts.load' | 'drafts.save' | 'drafts.remove', input: unknown) =>
      callHandler(layer.channels, name, input, ctx),
    openings: () => opened,
  }
}

describe('a draft whose cache closes under it', () => {
  it('is read, saved and removed on the cache opened after the close', async () => {
    const rows = new Map([['contact:C1', JSON.stringify({ name: 'Maria' })]])
    const reopened = memoryTable(rows)
    for (const [name, input, answer] of [
      ['drafts.load', { key: 'contact:C1' }, { found: true, value: { name: 'Maria' } }],
      ['drafts.save', { key: 'contact:C2', value: { name: 'João' } }, { kept: 'encrypted' }],
      ['drafts.remove', { key: 'contact:C1' }, {}],
    ] as const) {
      const drafts = draftsOver(
        async () => closedTable,
        async () => reopened,
      )
      expect(await drafts.call(name, input)).toEqual(answer)
      expect(drafts.openings()).toBe(2)
    }
    expect([...rows.keys()]).toEqual(['contact:C2'])
  })

  it('once the app is closing (no cache opens any more), a load finds none and a save is kept in memory', async () => {
    const closing = async (): Promise<KeptValueTable> => {
      throw new AppFailure(appError('cancelled', 'The app is closing'))
    }
    const drafts = draftsOver(async () => closedTable, closing)
    expect(await drafts.call('drafts.load', { key: 'contact:C1' })).toEqual({ found: false, value: null })
    expect(await drafts.call('drafts.save', { key: 'contact:C1', value: 'x' })).toEqual({ kept: 'memory' })
    expect(await drafts.call('drafts.load', { key: 'contact:C1' })).toEqual({ found: true, value: 'x' })
  })

  it('a failure other than a close is not hidden by a second try', async () => {
    const broken: KeptValueTable = { ...memoryTable(), load: () => Promise.reject(new Error('disk I/O error')) }
    const drafts = draftsOver(
      async () => broken,
      async () => memoryTable(),
    )
    await expect(drafts.call('drafts.load', { key: 'contact:C1' })).rejects.toThrow('disk I/O error')
    expect(drafts.openings()).toBe(1)
  })
})
