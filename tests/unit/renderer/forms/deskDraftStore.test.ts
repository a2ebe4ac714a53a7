import { describe, expect, it } from 'vitest'
import { deskDraftStore, memoryDraftStore, type DraftChannels } from '@/forms/draftStore'

const CONTACT = { name: 'Maria Aparecida da Silva', email: 'maria.silva@example.com.br', phone: '5511987654321' }

describe('the renderer side: deskDraftStore', () => {
  function fakeChannels(): DraftChannels & { kept: Map<string, unknown> } {
    const kept = new Map<string, unknown>()
    return {
      kept,
      load: async ({ key }) => ({ ok: true, data: { found: kept.has(key), value: kept.get(key) ?? null } }),
      save: async ({ key, value }) => (kept.set(key, value), { ok: true, data: { kept: 'encrypted' } }),
      remove: async ({ key }) => (kept.delete(key), { ok: true, data: {} }),
    }
  }

  it('moves a draft an older version left in localStorage into the encrypted store on first load', async () => {
    const channels = fakeChannels()
    const legacy = memoryDraftStore()
    legacy.entries.set('contact:C1', CONTACT)
    const store = deskDraftStore(() => channels, legacy)
    expect(await store.load('contact:C1')).toEqual(CONTACT)
    expect(channels.kept.get('contact:C1')).toEqual(CONTACT)
    expect(legacy.entries.has('contact:C1')).toBe(false)
  })

  it('a failed save is an error the form can show, not silence', async () => {
    const channels = fakeChannels()
    channels.save = async () => ({
      ok: false,
      error: { kind: 'validation', message: 'This draft is too long to keep' },
    })
    await expect(deskDraftStore(() => channels).save('k', 1)).rejects.toThrow('too long')
  })
})
