// @vitest-environment happy-dom
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick } from 'vue'
import { useOfflineStore } from '@/stores/offline'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi, flush } from '../fakeDeskApi'

const fake = createFakeDeskApi()

beforeEach(() => {
  fake.install()
  setActivePinia(createPinia())
})

describe('the offline store across profiles', () => {
  it("forgets one profile's sync jobs and found messages when another becomes active, and asks the new one's cache", async () => {
    let statusAsked = 0
    fake.handle('sync.status', async () => {
      statusAsked++
      return { ok: true, data: { jobs: [], scopes: [], cache: { state: 'ok' } } }
    })
    fake.handle('search.messages', async () => ({
      ok: true,
      data: { groups: [{ chatId: 'c1', chatName: 'Ana', hits: [] }] },
    }))
    const session = useSessionStore()
    const offline = useOfflineStore()
    session.activeProfileId = 'p1'
    await nextTick()
    await offline.search('boleto')
    offline.jobs = { '': { jobId: 'j1', agentId: null, state: 'running' } as never }
    expect(offline.searchResults).toHaveLength(1)

    session.activeProfileId = 'p2'
    await nextTick()
    await flush()
    expect(offline.searchResults).toEqual([])
    expect(offline.searchQuery).toBe('')
    expect(offline.jobs).toEqual({})
    expect(statusAsked).toBeGreaterThan(0)
  })
})
