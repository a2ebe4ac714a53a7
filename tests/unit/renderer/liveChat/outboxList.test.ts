// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { NMessageProvider } from 'naive-ui'
import { PiniaColada } from '@pinia/colada'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { createApp, defineComponent, h } from 'vue'
import type { OutboxEntry, Result } from '@contract'
import OutboxList from '@/components/chats/live/OutboxList.vue'
import { i18n } from '@/i18n'
import { useChatsStore } from '@/stores/chats'
import { useLiveChatStore } from '@/stores/liveChat'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi, deferred, flush } from '../fakeDeskApi'

/** What the operator sees of the outbox: unsure entries, refusals "on its way", the cache off. */

const CHAT = 'CH1'
const entry = (id: string, over: Partial<OutboxEntry>): OutboxEntry => ({
  id,
  chatId: CHAT,
  kind: 'message',
  body: { message: `texto ${id}` },
  state: 'waiting',
  attempts: 0,
  lastAttemptAt: null,
  createdAt: 1,
  ...over,
})

beforeEach(() => {
  i18n.global.locale.value = 'en'
  // The stores' queries live in the query cache of an app, as in the renderer.
  const pinia = createPinia()
  createApp({}).use(pinia).use(PiniaColada)
  setActivePinia(pinia)
})

async function mountList(entries: OutboxEntry[], volatile: boolean) {
  const fake = createFakeDeskApi()
  fake.install()
  fake.handle('outbox.list', async () => ({ ok: true, data: { entries, volatile } }))
  await useLiveChatStore().refresh(CHAT)
  const Host = defineComponent(() => () => h(NMessageProvider, () => h(OutboxList, { chatId: CHAT })))
  const wrapper = mount(Host, { global: { plugins: [i18n] }, attachTo: document.body })
  return { fake, wrapper }
}

describe('the outbox list', () => {
  it('shows an unsure entry as such, with no edit or cancel, and a waiting one with both', async () => {
    const { wrapper } = await mountList(
      [entry('a', { state: 'unsure', attempts: 1, lastAttemptAt: 5 }), entry('b', {})],
      false,
    )
    const [unsure, waiting] = wrapper.findAll('[data-testid="outbox-entry"]')
    expect(unsure.attributes('data-state')).toBe('unsure')
    expect(unsure.find('[data-testid="outbox-state"]').text()).toContain('it may have arrived')
    expect(unsure.find('[data-testid="outbox-cancel"]').exists()).toBe(false)
    expect(unsure.find('[data-testid="outbox-edit"]').exists()).toBe(false)
    expect(waiting.find('[data-testid="outbox-cancel"]').exists()).toBe(true)
    expect(waiting.find('[data-testid="outbox-edit"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="outbox-volatile"]').exists()).toBe(false)
    wrapper.unmount()
  })

  it('a cancel that crossed the claim says the message is already on its way, and keeps it listed', async () => {
    const waiting = entry('b', {})
    const { fake, wrapper } = await mountList([waiting], false)
    fake.handle('outbox.cancel', async () => ({
      ok: false,
      error: { kind: 'validation', message: 'on its way', reason: 'outbox_on_its_way' },
    }))
    fake.handle('outbox.list', async () => ({
      ok: true,
      data: { entries: [{ ...waiting, state: 'sending', attempts: 1 }], volatile: false },
    }))
    await wrapper.find('[data-testid="outbox-cancel"]').trigger('click')
    await flush()
    await flush()
    expect(document.body.textContent).toContain('already on its way')
    expect(document.body.textContent).not.toContain('The message will not be sent.')
    expect(wrapper.findAll('[data-testid="outbox-entry"]')).toHaveLength(1)
    wrapper.unmount()
  })

  it('with the offline copy off, says that what waits is lost if the app closes (in Portuguese too)', async () => {
    const { wrapper } = await mountList([entry('b', {})], true)
    const note = wrapper.find('[data-testid="outbox-volatile"]')
    expect(note.text()).toContain('kept only until the app closes')
    i18n.global.locale.value = 'pt-BR'
    await flush()
    expect(wrapper.find('[data-testid="outbox-volatile"]').text()).toContain('só até o app fechar')
    wrapper.unmount()
  })
})

describe('the outbox as a declaration on the query layer', () => {
  it('an answer that arrives after a newer one does not replace it', async () => {
    const fake = createFakeDeskApi()
    fake.install()
    const first = deferred<Result<unknown>>()
    const answers = [
      first.promise,
      Promise.resolve<Result<unknown>>({ ok: true, data: { entries: [], volatile: false } }),
    ]
    fake.handle('outbox.list', () => answers.shift() as Promise<Result<unknown>>)
    const live = useLiveChatStore()
    const older = live.refresh(CHAT)
    await live.refresh(CHAT)
    expect(live.outboxOf(CHAT)).toEqual([])
    first.resolve({ ok: true, data: { entries: [entry('late', {})], volatile: false } })
    await older
    expect(live.outboxOf(CHAT)).toEqual([])
  })

  it('tells the view an entry was sent when a read finds it gone, not when it was cancelled here', async () => {
    const fake = createFakeDeskApi()
    fake.install()
    let entries = [entry('a', {}), entry('b', {})]
    fake.handle('outbox.list', async () => ({ ok: true, data: { entries, volatile: false } }))
    fake.handle('outbox.cancel', async () => ({ ok: true, data: { cancelled: true } }))
    const live = useLiveChatStore()
    const sent: string[] = []
    live.onSent((chatId) => sent.push(chatId))
    await live.refresh(CHAT)
    expect(live.outboxOf(CHAT).map((e) => e.id)).toEqual(['a', 'b'])
    entries = [entry('b', {})]
    expect(await live.cancelQueued('a', CHAT)).toBe('cancelled')
    expect(sent).toEqual([])
    entries = []
    await live.refresh(CHAT)
    expect(sent).toEqual([CHAT])
  })

  it('a take-over that left the outbox shows the chat as taken over; each profile has its own outbox', async () => {
    const fake = createFakeDeskApi()
    fake.install()
    let entries = [entry('t', { kind: 'startHuman', body: undefined })]
    fake.handle('outbox.list', async () => ({ ok: true, data: { entries, volatile: false } }))
    const live = useLiveChatStore()
    await live.refresh(CHAT)
    expect(live.answeringHuman({ id: CHAT, humanTalk: false })).toEqual({ human: true, pending: true })
    entries = []
    await live.refresh(CHAT)
    expect(useChatsStore().chatOf(CHAT).humanTalk).toBe(true)
    useSessionStore().activeProfileId = 'another'
    expect(live.outboxOf(CHAT)).toEqual([])
  })
})
