// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createMemoryHistory, createRouter } from 'vue-router'
import type { SearchGroup, SyncProgress } from '@contract'
import OfflineSearchBox from '@/components/offline/OfflineSearchBox.vue'
import OfflineSyncButton from '@/components/offline/OfflineSyncButton.vue'
import { i18n } from '@/i18n'
import { useOfflineStore } from '@/stores/offline'
import { createFakeDeskApi, deferred } from '../fakeDeskApi'

let fake: ReturnType<typeof createFakeDeskApi>

beforeEach(() => {
  fake = createFakeDeskApi()
  fake.install()
  setActivePinia(createPinia())
  i18n.global.locale.value = 'en'
  fake.handle('sync.status', async () => ({ ok: true, data: { jobs: [], scopes: [], cache: { state: 'ok' } } }))
})

afterEach(() => {
  document.body.innerHTML = ''
  vi.useRealTimers()
})

const progress = (p: Partial<SyncProgress>): SyncProgress => ({
  jobId: 'job-1',
  profileId: 'p',
  agentId: null,
  state: 'running',
  chatsDone: 0,
  chatsTotal: 0,
  messagesStored: 0,
  requests: 0,
  currentChat: null,
  startedAt: 0,
  finishedAt: null,
  ...p,
})

describe('Make available offline', () => {
  it('starts a sync, shows its progress and the current chat, and cancels it', async () => {
    fake.handle('sync.start', async () => ({ ok: true, data: progress({}) }))
    const cancel = fake.handle('sync.cancel', async () => ({ ok: true, data: { cancelled: true } }))
    const wrapper = mount(OfflineSyncButton, { global: { plugins: [i18n] }, attachTo: document.body })
    await flushPromises()
    await wrapper.get('[data-testid="offline-sync-start"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="offline-sync-text"]').text()).toBe('Reading the chat list…')

    fake.emit(
      'sync.progress',
      progress({ chatsTotal: 300, chatsDone: 150, messagesStored: 4200, currentChat: { id: 'c', name: 'Maria' } }),
    )
    await flushPromises()
    expect(wrapper.get('[data-testid="offline-sync-text"]').text()).toBe('150 of 300 chats · 4,200 new messages')
    expect(wrapper.text()).toContain('Now: Maria')

    await wrapper.get('[data-testid="offline-sync-cancel"]').trigger('click')
    expect(cancel).toHaveBeenCalledWith({ jobId: 'job-1' })
    fake.emit('sync.progress', progress({ state: 'cancelled', chatsTotal: 300, chatsDone: 151 }))
    await flushPromises()
    expect(wrapper.get('[data-testid="offline-sync-text"]').text()).toMatch(/Stopped/)
    expect(wrapper.find('[data-testid="offline-sync-start"]').exists()).toBe(true)
  })

  it('says where paging was stopped by the page cap', async () => {
    fake.handle('sync.start', async () => ({ ok: true, data: progress({}) }))
    const wrapper = mount(OfflineSyncButton, { global: { plugins: [i18n] } })
    await flushPromises()
    await wrapper.get('[data-testid="offline-sync-start"]').trigger('click')
    fake.emit(
      'sync.progress',
      progress({
        state: 'done',
        notes: [
          { kind: 'page_cap', chatId: null, pages: 2000 },
          { kind: 'page_cap', chatId: 'chat-9', pages: 2000 },
        ],
      }),
    )
    await flushPromises()
    const notes = wrapper.get('[data-testid="offline-sync-notes"]').text()
    expect(notes).toContain('The chat list was stopped after 2,000 pages')
    expect(notes).toContain('Chat chat-9 was stopped after 2,000 pages')
    expect(wrapper.get('[data-testid="offline-sync-text"]').text()).toMatch(/Available offline/)
  })

  it("syncs one agent's chats when given an agent", async () => {
    const start = fake.handle('sync.start', async () => ({ ok: true, data: progress({ agentId: 'a1' }) }))
    const wrapper = mount(OfflineSyncButton, { props: { agentId: 'a1' }, global: { plugins: [i18n] } })
    await flushPromises()
    await wrapper.get('[data-testid="offline-sync-start"]').trigger('click')
    expect(start).toHaveBeenCalledWith({ agentId: 'a1' })
  })
})

describe('search over cached messages', () => {
  const groups: SearchGroup[] = [
    {
      chatId: 'chat/1',
      chatName: 'João',
      hits: [
        {
          messageId: 'm9',
          time: Date.UTC(2026, 0, 1),
          role: 'user',
          type: 'TEXT',
          snippet: [
            { text: 'preciso de uma ', hit: false },
            { text: 'ação', hit: true },
            { text: ' <b>agora</b>', hit: false },
          ],
        },
      ],
    },
  ]

  it('shows hits grouped by chat with the word marked, as text, and opens the chat at the hit', async () => {
    const search = fake.handle('search.messages', async () => ({ ok: true, data: { groups, total: 1 } }))
    const router = createRouter({
      history: createMemoryHistory(),
      routes: [
        { path: '/', component: { template: '<div/>' } },
        { path: '/chats/:chatId', component: { template: '<div/>' } },
      ],
    })
    await router.push('/')
    vi.useFakeTimers()
    const wrapper = mount(OfflineSearchBox, { global: { plugins: [i18n, router] }, attachTo: document.body })
    await wrapper.get('input').setValue('acao')
    await vi.advanceTimersByTimeAsync(250)
    vi.useRealTimers()
    await flushPromises()
    expect(search).toHaveBeenCalledTimes(1)
    expect(search).toHaveBeenCalledWith({ query: 'acao', limit: 50 })

    const hit = document.querySelector('[data-testid="offline-search-hit"]')
    expect(hit).not.toBeNull()
    expect(document.body.textContent).toContain('João')
    expect(hit?.querySelector('mark')?.textContent).toBe('ação')
    // Message text with markup stays text.
    expect(hit?.querySelector('b')).toBeNull()
    expect(hit?.textContent).toContain('<b>agora</b>')

    ;(hit as HTMLButtonElement).click()
    await flushPromises()
    expect(router.currentRoute.value.fullPath).toBe('/chats/chat%2F1?message=m9')
  })

  it('keeps the answer of the latest query when an older one arrives late', async () => {
    const slow = deferred<{ ok: true; data: { groups: SearchGroup[]; total: number } }>()
    fake.handle('search.messages', async (input) =>
      (input as { query: string }).query === 'old' ? slow.promise : { ok: true, data: { groups, total: 1 } },
    )
    const offline = useOfflineStore()
    const first = offline.search('old')
    await offline.search('new')
    slow.resolve({ ok: true, data: { groups: [], total: 0 } })
    await first
    expect(offline.searchResults).toEqual(groups)
  })
})
