// @vitest-environment happy-dom
import { PiniaColada } from '@pinia/colada'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import type { Chat, OutboxEntry, Result } from '@contract'
import { useChatsStore } from '@/stores/chats'
import { useLiveChatStore } from '@/stores/liveChat'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi, deferred, flush, meta, profile } from '../fakeDeskApi'

/**
 * Who answers a chat, as the message view's header reads it (`chatOf`), against list reads that
 * cross a take-over: the service's word wins, unless it was asked before the take-over.
 */

let pinia: Pinia
/** The service's state of the chat; each list read answers what it was when the read arrived. */
let human: boolean
/** Reads that wait for the test before answering (each answers what it saw when it arrived). */
const held: { release: () => void }[] = []
let holdReads = false

beforeEach(() => {
  const fake = createFakeDeskApi()
  fake.install()
  pinia = createPinia()
  setActivePinia(pinia)
  useSessionStore().profiles = [profile]
  useSessionStore().activeProfileId = 'p1'
  human = false
  held.length = 0
  holdReads = false
  fake.handle('chats.list', async () => {
    const seen: Chat[] = [{ id: 'C1', name: 'Ana', humanTalk: human }]
    if (holdReads) {
      const gate = deferred<void>()
      held.push({ release: () => gate.resolve() })
      await gate.promise
    }
    return { ok: true, data: seen, meta } as Result<unknown>
  })
})

/** The chat list on screen (a component's read), as beside an open chat. */
function showList() {
  let list!: ReturnType<ReturnType<typeof useChatsStore>['list']>
  mount(
    defineComponent({
      setup() {
        list = useChatsStore().list(null)
        return () => h('div')
      },
    }),
    { global: { plugins: [pinia, [PiniaColada, { queryOptions: { refetchOnWindowFocus: false } }]] } },
  )
  return list
}

async function settle() {
  for (let i = 0; i < 8; i++) await flush()
}

describe('a take-over against list reads that cross it', () => {
  it('a read asked before the take-over and answered after it does not undo it', async () => {
    const list = showList()
    await settle()
    const chats = useChatsStore()
    expect(chats.chatOf('C1').humanTalk).toBe(false)
    holdReads = true
    void list.reload()
    await settle()
    expect(held).toHaveLength(1)
    // The operator takes the chat over; the read after it (from the endpoint table) waits too.
    human = true
    chats.setHumanTalk('C1', true)
    await settle()
    expect(held).toHaveLength(2)
    held[0].release()
    await settle()
    expect(chats.chatOf('C1').humanTalk).toBe(true)
    held[1].release()
    await settle()
    expect(chats.chatOf('C1').humanTalk).toBe(true)
  })

  it('a read asked after the take-over wins, whatever it says', async () => {
    const list = showList()
    await settle()
    const chats = useChatsStore()
    human = true
    chats.setHumanTalk('C1', true)
    await settle()
    expect(chats.chatOf('C1').humanTalk).toBe(true)
    // Returned to the AI elsewhere (another window, another operator): the service says so.
    human = false
    await list.reload()
    await settle()
    expect(chats.chatOf('C1').humanTalk).toBe(false)
  })
})

describe('a take-over whose queued reads were all overtaken', () => {
  it('is seen leaving the outbox, and the list is read again once the service has it', async () => {
    const fake = createFakeDeskApi()
    fake.install()
    const CHAT = 'C1'
    const queued: OutboxEntry = {
      id: 'T1',
      chatId: CHAT,
      kind: 'startHuman',
      state: 'waiting',
      attempts: 0,
      lastAttemptAt: null,
      createdAt: 1,
    }
    fake.handle('chats.list', async () => ({
      ok: true,
      data: [{ id: CHAT, name: 'Ana', humanTalk: human }] as Chat[],
      meta,
    }))
    fake.handle('outbox.enqueue', async () => ({ ok: true, data: { entry: queued } }))
    fake.handle('outbox.flush', async () => ({ ok: true, data: { sent: 0, left: 0 } }))
    // Each outbox read waits for the test. The two that show the take-over queued are overtaken
    // (main said the outbox changed, and it was read again) before they land, so they are dropped.
    const outboxReads: ReturnType<typeof deferred<Result<unknown>>>[] = []
    fake.handle('outbox.list', () => {
      const read = deferred<Result<unknown>>()
      outboxReads.push(read)
      return read.promise
    })
    const answer = (entries: OutboxEntry[]) => ({ ok: true, data: { entries, volatile: false } }) as Result<unknown>
    showList()
    await settle()
    const live = useLiveChatStore()
    const chats = useChatsStore()
    const takingOver = live.takeOver(CHAT)
    await settle()
    void live.refresh(CHAT)
    await settle()
    outboxReads[0].resolve(answer([queued]))
    // The lists are read again at once, and that read reaches the service before the take-over does.
    await takingOver
    await settle()
    expect(chats.chatOf(CHAT).humanTalk).toBe(false)
    // Sent: the next read finds the outbox empty.
    human = true
    const listReads = fake.calls['chats.list'].mock.calls.length
    void live.refresh(CHAT)
    await settle()
    outboxReads[2].resolve(answer([]))
    outboxReads[1].resolve(answer([{ ...queued, state: 'sending' }]))
    await settle()
    expect(fake.calls['chats.list'].mock.calls.length).toBeGreaterThan(listReads)
    expect(chats.chatOf(CHAT).humanTalk).toBe(true)
  })
})
