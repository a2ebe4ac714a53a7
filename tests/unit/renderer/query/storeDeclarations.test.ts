// @vitest-environment happy-dom
import { PiniaColada } from '@pinia/colada'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import type { Chat, CustomField } from '@contract'
import { useChatsStore } from '@/stores/chats'
import { useCustomFieldsStore } from '@/stores/customFields'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi, flush, meta, profile } from '../fakeDeskApi'

const field = (i: number) => ({ id: `F${i}`, name: `Field ${i}`, type: 'STRING' }) as CustomField

let fake: ReturnType<typeof createFakeDeskApi>
let pinia: Pinia

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
  for (let i = 0; i < 8; i++) await flush()
}

/** A service of `total` fields in pages; past the end it answers empty, or (`wrap`) the first page again. */
function fieldsService(total: number, wrap = false) {
  const all = Array.from({ length: total }, (_, i) => field(i))
  return fake.handle('customFields.list', async (input: unknown) => {
    const { page, pageSize } = (input as { query: { page: number; pageSize: number } }).query
    let slice = all.slice((page - 1) * pageSize, page * pageSize)
    if (slice.length === 0 && wrap) slice = all.slice(0, pageSize)
    return { ok: true, data: slice, meta }
  })
}

beforeEach(() => {
  fake = createFakeDeskApi()
  fake.install()
  pinia = createPinia()
  setActivePinia(pinia)
  useSessionStore().profiles = [profile]
  useSessionStore().activeProfileId = 'p1'
})

describe('all pages of a list (custom fields), ended by the shared rule', () => {
  it('reads pages until a short one, and keeps each field once', async () => {
    const list = fieldsService(230)
    const all = inComponent(() => useCustomFieldsStore().all('W1'))
    await settle()
    expect(all.data.value?.map((f) => f.id)).toEqual(Array.from({ length: 230 }, (_, i) => `F${i}`))
    expect(list).toHaveBeenCalledTimes(3)
  })

  it('stops at a service that wraps around past the last full page', async () => {
    const list = fieldsService(200, true)
    const all = inComponent(() => useCustomFieldsStore().all('W1'))
    await settle()
    expect(all.data.value).toHaveLength(200)
    expect(list).toHaveBeenCalledTimes(3)
  })

  it('a write of a field reads every page again', async () => {
    const list = fieldsService(50)
    fake.handle('customFields.create', async () => ({ ok: true, data: field(99), meta }))
    const all = inComponent(() => useCustomFieldsStore().all('W1'))
    await settle()
    expect(list).toHaveBeenCalledTimes(1)
    await useCustomFieldsStore().create('W1', { name: 'New', jsonName: 'new_field', type: 'STRING' })
    await settle()
    expect(list).toHaveBeenCalledTimes(2)
    expect(all.data.value).toHaveLength(50)
  })
})

describe('the chat a message view shows', () => {
  it('a take-over shows at once in the lists holding the chat, and on a chat no list holds', async () => {
    const chats: Chat[] = [{ id: 'C1', name: 'Ana', humanTalk: false }]
    fake.handle('chats.list', async () => ({ ok: true, data: chats, meta }))
    fake.handle('chats.startHuman', async () => ({ ok: true, data: null, meta }))
    const store = useChatsStore()
    const list = inComponent(() => store.list(null))
    await settle()
    expect(store.chatOf('C1').humanTalk).toBe(false)
    expect(store.chatOf('C9')).toEqual({ id: 'C9' })

    store.setHumanTalk('C1', true)
    store.setHumanTalk('C9', true)
    expect(list.items.value[0]?.humanTalk).toBe(true)
    expect(store.chatOf('C1')).toMatchObject({ id: 'C1', name: 'Ana', humanTalk: true })
    expect(store.chatOf('C9')).toEqual({ id: 'C9', humanTalk: true })
  })
})
