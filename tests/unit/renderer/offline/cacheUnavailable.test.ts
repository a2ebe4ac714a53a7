// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { NDialogProvider, NMessageProvider } from 'naive-ui'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import { defineComponent, h } from 'vue'
import { createMemoryHistory, createRouter } from 'vue-router'
import type { CacheHealth } from '@contract'
import OfflineSettingsSection from '@/components/offline/OfflineSettingsSection.vue'
import FirstRunView from '@/views/welcome/FirstRunView.vue'
import { i18n } from '@/i18n'
import { useOfflineStore } from '@/stores/offline'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi } from '../fakeDeskApi'

let fake: ReturnType<typeof createFakeDeskApi>

beforeEach(() => {
  fake = createFakeDeskApi()
  fake.install()
  setActivePinia(createPinia())
  i18n.global.locale.value = 'en'
  fake.handle('offline.usage', async () => ({
    ok: true,
    data: { profiles: [{ profileId: 'p1', bytes: 3 * 1024 * 1024, chats: 0, messages: 0, unavailable: 'driver' }] },
  }))
})

function statusWith(cache: CacheHealth) {
  fake.handle('sync.status', async () => ({ ok: true, data: { jobs: [], scopes: [], cache } }))
}

const host = (component: unknown) =>
  defineComponent(() => () => h(NMessageProvider, () => h(NDialogProvider, () => h(component as never))))

describe('an offline cache that cannot be used is said, in words, with the reason to copy', () => {
  it('the SQLite module cannot load: what it means, the underlying message, no "start anew" (the file is fine)', async () => {
    statusWith({ state: 'unavailable', problem: 'driver', detail: "Cannot find module '/x/better_sqlite3.node'" })
    const wrapper = mount(host(OfflineSettingsSection), { global: { plugins: [i18n] }, attachTo: document.body })
    await flushPromises()
    const alert = wrapper.get('[data-testid="offline-unavailable"]')
    expect(alert.text()).toContain('The database module of the app could not be loaded')
    expect(alert.text()).toContain('Technical details')
    expect(wrapper.find('[data-testid="offline-start-new"]').exists()).toBe(false)
    expect(wrapper.text()).toContain('3 MB on disk · cannot be read now')
    wrapper.unmount()
  })

  it('in Portuguese too; a file that cannot be decrypted offers a new offline copy', async () => {
    i18n.global.locale.value = 'pt-BR'
    statusWith({ state: 'unavailable', problem: 'undecryptable', detail: 'file is not a database' })
    setActivePinia(createPinia())
    const session = useSessionStore()
    session.activeProfileId = 'p1'
    const wrapper = mount(host(OfflineSettingsSection), { global: { plugins: [i18n] }, attachTo: document.body })
    await flushPromises()
    expect(wrapper.get('[data-testid="offline-unavailable"]').text()).toContain('não pode ser descriptografado')
    expect(wrapper.find('[data-testid="offline-start-new"]').exists()).toBe(true)
    wrapper.unmount()
  })

  it('a notice from main makes the store ask again', async () => {
    statusWith({ state: 'ok' })
    const offline = useOfflineStore()
    offline.subscribe()
    await offline.loadStatus()
    expect(offline.cacheHealth).toEqual({ state: 'ok' })
    statusWith({ state: 'unavailable', problem: 'newer_schema', detail: 'schema version 9' })
    fake.emit('offline.notice', { profileId: 'p1', notice: 'cache_unavailable' })
    await flushPromises()
    expect(offline.cacheHealth).toMatchObject({ state: 'unavailable', problem: 'newer_schema' })
    offline.unsubscribe()
  })

  it('the demo workspace says the module could not load, not just "could not start", with the detail', async () => {
    fake.handle('profiles.openDemo', async () => ({
      ok: false,
      error: {
        kind: 'internal',
        message: 'The demo service could not start',
        reason: 'sqlite_driver',
        detail: 'The module was compiled against a different Node.js version',
      },
    }))
    const router = createRouter({ history: createMemoryHistory(), routes: [{ path: '/', component: FirstRunView }] })
    const wrapper = mount(FirstRunView, { global: { plugins: [i18n, router] }, attachTo: document.body })
    await wrapper.get('[data-testid="open-demo"]').trigger('click')
    await flushPromises()
    const error = wrapper.get('[data-testid="demo-error"]')
    expect(error.text()).toContain('the app’s database module could not be loaded')
    expect(error.find('[data-testid="error-detail"]').exists()).toBe(true)
    wrapper.unmount()
  })
})
