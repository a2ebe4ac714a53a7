// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { NDialogProvider, NMessageProvider } from 'naive-ui'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import type { CacheHealth, CacheUsage } from '@contract'
import OfflineSettingsSection from '@/components/offline/OfflineSettingsSection.vue'
import { i18n } from '@/i18n'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi } from '../fakeDeskApi'

let fake: ReturnType<typeof createFakeDeskApi>
const meta = { source: 'network' as const, fetchedAt: 1 }

const keyless: CacheUsage = {
  profileId: 'p1',
  bytes: 0,
  chats: 0,
  messages: 0,
  unavailable: 'key_missing',
  setAside: [
    { name: 'x.sqlite.nokey-1', reason: 'key_missing', setAsideAt: Date.UTC(2026, 10, 1, 9), bytes: 5 * 1024 ** 2 },
  ],
}

beforeEach(() => {
  fake = createFakeDeskApi()
  fake.install()
  setActivePinia(createPinia())
  i18n.global.locale.value = 'en'
  useSessionStore().activeProfileId = 'p1'
  fake.handle('vault.status', async () => ({ ok: true, data: { backend: 'keytar', weak: false }, meta }))
})

const host = defineComponent(() => () => h(NMessageProvider, () => h(NDialogProvider, () => h(OfflineSettingsSection))))

function serving(cache: CacheHealth, usage: CacheUsage[]) {
  fake.handle('sync.status', async () => ({ ok: true, data: { jobs: [], scopes: [], cache }, meta }))
  fake.handle('offline.usage', async () => ({ ok: true, data: { profiles: usage }, meta }))
}

describe('offline settings: a cache waiting for its keychain or its key', () => {
  it('says it is waiting for the keychain, offers no new copy, and Try again asks main again', async () => {
    serving({ state: 'unavailable', problem: 'keychain_waiting', detail: 'The OS keychain has not answered yet' }, [])
    const wrapper = mount(host, { global: { plugins: [i18n] }, attachTo: document.body })
    await flushPromises()
    expect(wrapper.get('[data-testid="offline-unavailable"]').text()).toContain('Waiting for the keychain')
    expect(wrapper.find('[data-testid="offline-start-new"]').exists()).toBe(false)

    const retried = fake.handle('offline.retry', async () => ({
      ok: true,
      data: { cache: { state: 'ok' }, profiles: [{ profileId: 'p1', bytes: 4096, chats: 2, messages: 9 }] },
      meta,
    }))
    await wrapper.get('[data-testid="offline-retry"]').trigger('click')
    await flushPromises()
    expect(retried).toHaveBeenCalledWith({ profileId: 'p1' })
    expect(wrapper.find('[data-testid="offline-unavailable"]').exists()).toBe(false)
    expect(wrapper.text()).toContain('2 chats · 9 messages')
    wrapper.unmount()
  })

  it('lists a file set aside for its missing key with when and how big, and Try again re-opens it', async () => {
    serving({ state: 'unavailable', problem: 'key_missing', detail: 'not in safeStorage' }, [keyless])
    const wrapper = mount(host, { global: { plugins: [i18n] }, attachTo: document.body })
    await flushPromises()
    const files = wrapper.findAll('[data-testid="offline-set-aside-file"]')
    expect(files).toHaveLength(1)
    expect(files[0]!.text()).toContain('its key was not found')
    expect(files[0]!.text()).toContain('5 MB')
    const retried = fake.handle('offline.retry', async () => ({
      ok: true,
      data: { cache: { state: 'ok' }, profiles: [{ profileId: 'p1', bytes: 5 * 1024 ** 2, chats: 3, messages: 40 }] },
      meta,
    }))
    await wrapper.get('[data-testid="offline-set-aside-retry"]').trigger('click')
    await flushPromises()
    expect(retried).toHaveBeenCalledWith({ profileId: 'p1' })
    expect(wrapper.findAll('[data-testid="offline-set-aside-file"]')).toHaveLength(0)
    wrapper.unmount()
  })

  it('in Portuguese too', async () => {
    i18n.global.locale.value = 'pt-BR'
    serving({ state: 'unavailable', problem: 'keychain_waiting', detail: 'x' }, [keyless])
    const wrapper = mount(host, { global: { plugins: [i18n] }, attachTo: document.body })
    await flushPromises()
    expect(wrapper.get('[data-testid="offline-unavailable"]').text()).toContain('Aguardando o chaveiro')
    expect(wrapper.get('[data-testid="offline-set-aside-file"]').text()).toContain('a chave não foi encontrada')
    wrapper.unmount()
  })
})

describe('offline settings: "Clear offline data" says what stays', () => {
  it('the confirmation keeps messages waiting to be sent, drafts, agent tests and MCP connections, and no longer says the service keeps them', async () => {
    serving({ state: 'ok' }, [{ profileId: 'p1', bytes: 4096, chats: 2, messages: 9 }])
    const wrapper = mount(host, { global: { plugins: [i18n] }, attachTo: document.body })
    await flushPromises()
    await wrapper.get('[data-testid="offline-clear"]').trigger('click')
    await flushPromises()
    const dialog = document.body.querySelector('.n-dialog')
    expect(dialog?.textContent).toContain(
      'Messages waiting to be sent, unsaved drafts, agent tests and MCP connections',
    )
    expect(dialog?.textContent).toContain('they are kept')
    wrapper.unmount()
  })
})
