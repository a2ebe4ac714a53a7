// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { ChatMessage, Profile, Result } from '@contract'
import ShellTokenBanner from '@/components/shell/ShellTokenBanner.vue'
import { i18n, setLocale } from '@/i18n'
import { createChatHistory } from '@/components/chats/timeline/chatHistory'
import { serviceSource } from '@/domain/chatHistorySources'
import { useSessionStore } from '@/stores/session'
import { profile, setUpApp } from '../agentTools/harness'
import type { createFakeDeskApi } from '../fakeDeskApi'

let fake: ReturnType<typeof createFakeDeskApi>
let pinia: ReturnType<typeof setUpApp>['pinia']

beforeEach(async () => {
  ;({ fake, pinia } = setUpApp('en'))
  fake.handle('profiles.list', async () => ({ ok: true, data: { profiles: [profile], activeProfileId: 'p1' } }))
  fake.handle('settings.get', async () => ({
    ok: true,
    data: { settings: { locale: 'en', theme: 'dark', refreshIntervalMinutes: 15, autoUpdate: true } },
  }))
  fake.handle('app.info', async () => ({
    ok: true,
    data: { version: '1', platform: 'linux', systemLocale: 'en-US', preview: true },
  }))
  await useSessionStore().init()
})
afterEach(() => {
  useSessionStore().dispose()
  document.body.innerHTML = ''
})

describe('a refused token is always said', () => {
  it('a refusal while the cache answered shows the banner (no dialog over the cached screen); its button asks for a token', async () => {
    const session = useSessionStore()
    const w = mount(ShellTokenBanner, { global: { plugins: [i18n, pinia] } })
    expect(w.find('[data-testid="token-banner"]').exists()).toBe(false)

    fake.emit('auth.required', { profileId: 'other', whileCached: true })
    await flushPromises()
    expect(w.find('[data-testid="token-banner"]').exists()).toBe(false)

    fake.emit('auth.required', { profileId: 'p1', endpoint: 'agents.get', whileCached: true })
    await flushPromises()
    expect(session.tokenPrompt).toBeNull()
    const banner = w.find('[data-testid="token-banner"]')
    expect(banner.attributes('role')).toBe('alert')
    expect(banner.text()).toContain('The service refused the token of “Acme”')
    expect(banner.text()).toContain('Enter a new token')

    await w.find('[data-testid="token-banner-renew"]').trigger('click')
    expect(session.tokenPrompt?.profileId).toBe('p1')
    fake.handle('profiles.setToken', async () => ({ ok: true, data: profile as Profile }))
    await session.submitToken('a-new-token-0123456789')
    await flushPromises()
    expect(session.tokenRefused).toBe(false)
    expect(w.find('[data-testid="token-banner"]').exists()).toBe(false)
  })

  it('a refusal of a read nothing could answer opens the token dialog, and the banner stays if it is cancelled', async () => {
    const session = useSessionStore()
    fake.emit('auth.required', { profileId: 'p1', endpoint: 'agents.list' })
    expect(session.tokenPrompt?.profileId).toBe('p1')
    session.cancelTokenPrompt()
    expect(session.tokenRefused).toBe(true)
  })

  it('in Portuguese too', async () => {
    setLocale('pt-BR')
    const w = mount(ShellTokenBanner, { global: { plugins: [i18n, pinia] } })
    fake.emit('auth.required', { profileId: 'p1', whileCached: true })
    await flushPromises()
    expect(w.text()).toContain('Informar um novo token')
  })
})

describe('the chat view labels history by where it truly came from', () => {
  const page: ChatMessage[] = [{ id: 'm1', time: 1, role: 'user', text: 'hi' }]

  it('a service read the cache answered is the offline copy, not "from the service"', async () => {
    const cachedAnswer = async (): Promise<Result<ChatMessage[]>> => ({
      ok: true,
      data: page,
      meta: { source: 'cache', fetchedAt: 1, stale: true },
    })
    const h = createChatHistory(serviceSource('C', cachedAnswer))
    await h.loadOlder()
    expect(h.servedFrom.value).toBe('cache')
  })

  it('a read the service answered is from the service', async () => {
    const fresh = async (): Promise<Result<ChatMessage[]>> => ({
      ok: true,
      data: page,
      meta: { source: 'network', fetchedAt: 1 },
    })
    const h = createChatHistory(serviceSource('C', fresh))
    await h.loadOlder()
    expect(h.servedFrom.value).toBe('service')
  })
})
