// @vitest-environment happy-dom
import { PiniaColada } from '@pinia/colada'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import type { Chat, Contact } from '@contract'
import { useContactsStore } from '@/stores/contacts'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi, flush, meta, profile } from '../fakeDeskApi'

const maria: Contact = { id: 'C1', name: 'Maria Silva', phone: '5511987654321', recipient: '5511987654321' }
const chat = (id: string, name: string, time: number): Chat => ({ id, name, time, recipient: id.split('-')[1] })

let fake: ReturnType<typeof createFakeDeskApi>
let pinia: Pinia

/** Runs `setup` in a mounted component (the store's reads are queries), and returns what it gave. */
function inComponent<T>(setup: () => T): T {
  let out!: T
  mount(
    defineComponent({
      setup() {
        out = setup()
        return () => h('div')
      },
    }),
    { global: { plugins: [pinia, [PiniaColada, { queryOptions: { refetchOnWindowFocus: false } }]] } },
  )
  return out
}

async function settle() {
  for (let i = 0; i < 6; i++) await flush()
}

beforeEach(() => {
  fake = createFakeDeskApi()
  fake.install()
  pinia = createPinia()
  setActivePinia(pinia)
  useSessionStore().profiles = [profile]
  useSessionStore().activeProfileId = 'p1'
})

describe('contacts store', () => {
  it('asks the chat list by the contact’s name and keeps only the chats with its recipient, newest first', async () => {
    const list = fake.handle('chats.list', async () => ({
      ok: true,
      data: [
        chat('CH1-5511987654321', 'Maria Silva', 10),
        chat('CH2-5511000000000', 'Maria Silva', 30),
        chat('CH3-5511987654321', 'Maria Silva', 20),
      ],
      meta,
    }))
    const chats = inComponent(() => useContactsStore().chatsOf('W1', maria))
    await settle()
    expect(chats.data.value?.map((c) => c.id)).toEqual(['CH3-5511987654321', 'CH1-5511987654321'])
    expect(list).toHaveBeenCalledTimes(1)
    expect(list.mock.calls[0]![0]).toMatchObject({ path: { workspaceId: 'W1' }, query: { query: 'Maria Silva' } })
  })

  it('asks by the phone only when the name found none of the contact’s chats, and stops at the first that does', async () => {
    const list = fake.handle('chats.list', async (input) => {
      const q = (input as { query: { query?: string } }).query.query
      return {
        ok: true,
        data:
          q === 'Maria Silva' ? [chat('CH2-5511000000000', 'Maria Silva', 30)] : [chat('CH1-5511987654321', 'M', 10)],
        meta,
      }
    })
    const chats = inComponent(() => useContactsStore().chatsOf('W1', { ...maria, recipient: 'other' }))
    await settle()
    expect(chats.data.value?.map((c) => c.id)).toEqual(['CH1-5511987654321'])
    expect(list.mock.calls.map((c) => (c[0] as { query: { query: string } }).query.query)).toEqual([
      'Maria Silva',
      '5511987654321',
    ])
  })

  it('finds a chat’s contact by its recipient, and says null when no contact has it', async () => {
    const search = fake.handle('contacts.search', async (input) => {
      const q = (input as { query: { query?: string } }).query.query
      return { ok: true, data: q === '5511987654321' ? [maria] : [], meta }
    })
    const store = useContactsStore()
    const found = await store.findContactForChat('W1', { id: 'CH1-5511987654321' })
    expect(found.ok && found.data?.id).toBe('C1')
    const none = await store.findContactForChat('W1', { id: 'CH9-5511000000000', name: 'Nobody' })
    expect(none.ok && none.data).toBeNull()
    // The recipient first, then the name.
    expect(search.mock.calls.map((c) => (c[0] as { query: { query: string } }).query.query)).toEqual([
      '5511987654321',
      '5511000000000',
      'Nobody',
    ])
  })

  it('does not show a deleted contact again even when a cached read still has it', async () => {
    fake.handle('contacts.get', async () => ({ ok: true, data: maria, meta: { ...meta, source: 'cache' as const } }))
    fake.handle('contacts.search', async () => ({ ok: true, data: [maria], meta }))
    fake.handle('contacts.delete', async () => ({ ok: true, data: { success: true }, meta }))
    const store = useContactsStore()
    const { read, list } = inComponent(() => ({ read: store.get('W1', 'C1'), list: store.list('W1') }))
    await settle()
    expect(read.data.value?.id).toBe('C1')
    expect(list.items.value.map((c) => c.id)).toEqual(['C1'])
    expect((await store.remove('C1')).ok).toBe(true)
    await settle()
    expect(read.data.value).toBeUndefined()
    expect(read.error.value?.kind).toBe('not_found')
    expect(list.items.value).toEqual([])
  })
})
