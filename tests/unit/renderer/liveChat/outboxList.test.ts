// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { NMessageProvider } from 'naive-ui'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import type { OutboxEntry } from '@contract'
import OutboxList from '@/components/chats/live/OutboxList.vue'
import { i18n } from '@/i18n'
import { useLiveChatStore } from '@/stores/liveChat'
import { createFakeDeskApi, flush } from '../fakeDeskApi'

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
  setActivePinia(createPinia())
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
