// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { NMessageProvider } from 'naive-ui'
import { defineComponent, h, ref } from 'vue'
import { appError, type AppError } from '@contract'
import ReadState from '@/components/common/ReadState.vue'
import { i18n } from '@/i18n'

function readOf(state: { data?: unknown; error?: AppError; pending?: boolean }) {
  return {
    data: ref(state.data),
    error: ref(state.error),
    isPending: ref(state.pending ?? false),
    refresh: vi.fn(),
  }
}

// The failure's copy button says "copied" through naive-ui's messages.
const show = (read: ReturnType<typeof readOf>) =>
  mount(
    defineComponent(
      () => () =>
        h(NMessageProvider, () =>
          h(
            ReadState,
            { read, loadFailed: 'The balance could not be read', testid: 'balance' },
            { loading: () => h('span', 'loading…'), default: () => h('p', 'the content') },
          ),
        ),
    ),
    { global: { plugins: [i18n] } },
  )

beforeEach(() => {
  i18n.global.locale.value = 'en'
  setActivePinia(createPinia())
})

describe('ReadState', () => {
  it('shows its loading slot, and not the content, until the first answer', () => {
    const wrapper = show(readOf({ pending: true }))
    expect(wrapper.find('[data-testid="balance-loading"]').text()).toBe('loading…')
    expect(wrapper.text()).not.toContain('the content')
  })

  it('says a failed first read in the service’s words, and Retry asks again', async () => {
    const read = readOf({ pending: true, error: appError('server', 'disk full') })
    const wrapper = show(read)
    const alert = wrapper.find('[data-testid="balance-error"]')
    expect(alert.text()).toContain('The balance could not be read')
    expect(alert.text()).toContain('The service had a problem. disk full')
    expect(wrapper.text()).not.toContain('the content')
    await alert
      .findAll('button')
      .find((b) => b.text() === 'Try again')!
      .trigger('click')
    expect(read.refresh).toHaveBeenCalledTimes(1)
  })

  it('offers no retry for what the service does not have', () => {
    const wrapper = show(readOf({ error: appError('not_found', 'no such agent') }))
    expect(wrapper.find('[data-testid="balance-error"]').exists()).toBe(true)
    expect(wrapper.findAll('button').map((b) => b.text())).not.toContain('Try again')
  })

  it('keeps showing what it has when a later refresh fails', () => {
    const wrapper = show(readOf({ data: { credits: 10 }, error: appError('network', 'offline') }))
    expect(wrapper.text()).toContain('the content')
    expect(wrapper.find('[data-testid="balance-error"]').exists()).toBe(false)
  })
})
