// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { PiniaColada } from '@pinia/colada'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { createApp } from 'vue'
import type { OutboxEntry } from '@contract'
import ChatComposer from '@/components/chats/live/ChatComposer.vue'
import { i18n } from '@/i18n'
import { useLiveChatStore } from '@/stores/liveChat'
import { createFakeDeskApi } from '../fakeDeskApi'

let fake: ReturnType<typeof createFakeDeskApi>

beforeEach(() => {
  fake = createFakeDeskApi()
  fake.install()
  window.localStorage.clear()
  // The stores' queries live in the query cache of an app, as in the renderer.
  const pinia = createPinia()
  createApp({}).use(pinia).use(PiniaColada)
  setActivePinia(pinia)
  i18n.global.locale.value = 'en'
  const entry: OutboxEntry = {
    id: 'o1',
    chatId: 'C1',
    kind: 'message',
    body: { message: 'hello' },
    state: 'waiting',
    attempts: 0,
    lastAttemptAt: null,
    createdAt: 1,
  }
  fake.handle('outbox.enqueue', async () => ({ ok: true, data: { entry }, meta: { source: 'network', fetchedAt: 1 } }))
  fake.handle('outbox.list', async () => ({
    ok: true,
    data: { entries: [] },
    meta: { source: 'network', fetchedAt: 1 },
  }))
  fake.handle('outbox.flush', async () => ({ ok: true, data: { sent: 0 }, meta: { source: 'network', fetchedAt: 1 } }))
})

const mountComposer = () =>
  mount(ChatComposer, { props: { chatId: 'C1', enabled: true }, global: { plugins: [i18n] }, attachTo: document.body })

describe('the composer keeps its draft when the chat is left and opened again', () => {
  it('after a send, going elsewhere and back shows the composer again', async () => {
    const first = mountComposer()
    await first.get('[data-testid="composer-input"] textarea').setValue('hello')
    await first.get('form').trigger('submit')
    await flushPromises()
    expect(fake.calls['outbox.enqueue']).toHaveBeenCalled()
    first.unmount()

    const again = mountComposer()
    await flushPromises()
    expect(again.find('[data-testid="composer-input"]').exists()).toBe(true)
    again.unmount()
  })

  it('a text typed and not sent is there when the chat is opened again, and is a copy, not the one kept', async () => {
    const first = mountComposer()
    await first.get('[data-testid="composer-input"] textarea').setValue('half a reply')
    await flushPromises()
    first.unmount()

    const again = mountComposer()
    await flushPromises()
    const box = again.get<HTMLTextAreaElement>('[data-testid="composer-input"] textarea')
    expect(box.element.value).toBe('half a reply')
    await box.setValue('half a reply, finished')
    // The store keeps what was saved, not the open composer's own object.
    const kept = useLiveChatStore().draftOf('C1')
    kept.text = 'changed by a reader'
    expect(useLiveChatStore().draftOf('C1').text).toBe('half a reply, finished')
    again.unmount()
  })
})
