// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import DataSourceMark from '@/components/common/DataSourceMark.vue'
import { i18n } from '@/i18n'
import { useSessionStore } from '@/stores/session'

const NOW = new Date('2026-11-21T10:00:00Z').getTime()
const mark = (meta: InstanceType<typeof DataSourceMark>['$props']['meta']) =>
  mount(DataSourceMark, { props: { meta }, global: { plugins: [i18n] } })

beforeEach(() => {
  vi.useFakeTimers()
  vi.setSystemTime(NOW)
  i18n.global.locale.value = 'en'
  setActivePinia(createPinia())
})
afterEach(() => vi.useRealTimers())

describe('DataSourceMark', () => {
  it('says nothing about data fresh from the network', () => {
    expect(mark({ source: 'network', fetchedAt: NOW }).text()).toBe('')
    expect(mark(undefined).text()).toBe('')
  })

  it('says how old cached data is, in minutes, hours or days', () => {
    expect(mark({ source: 'cache', fetchedAt: NOW - 20_000 }).text()).toBe('Cached just now')
    expect(mark({ source: 'cache', fetchedAt: NOW - 1 * 60_000 }).text()).toBe('Cached 1 minute ago')
    expect(mark({ source: 'cache', fetchedAt: NOW - 5 * 60_000 }).text()).toBe('Cached 5 minutes ago')
    expect(mark({ source: 'cache', fetchedAt: NOW - 3 * 3_600_000 }).text()).toBe('Cached 3 hours ago')
    expect(mark({ source: 'cache', fetchedAt: NOW - 2 * 86_400_000 }).text()).toBe('Cached 2 days ago')
  })

  it('says when the service sent more than the page and only the page is shown, in both languages', () => {
    const meta = { source: 'network' as const, fetchedAt: NOW, truncated: { received: 100_000, kept: 25 } }
    expect(mark(meta).text()).toBe('The service sent 100,000 items for a page of 25: only the first 25 are shown')
    i18n.global.locale.value = 'pt-BR'
    expect(mark(meta).text()).toBe(
      'O serviço enviou 100.000 itens para uma página de 25: só os 25 primeiros são exibidos',
    )
  })

  it('says offline when the cached answer was given because the service is unreachable', () => {
    expect(mark({ source: 'cache', fetchedAt: NOW - 10 * 60_000, offline: true }).text()).toBe(
      'Offline: cached 10 minutes ago',
    )
  })

  it('marks even an answer read online as the offline copy once the app is offline', () => {
    useSessionStore().connectivity = { online: false, since: NOW }
    expect(mark({ source: 'network', fetchedAt: NOW - 5 * 60_000 }).text()).toBe('Offline: cached 5 minutes ago')
  })

  it('keeps counting while the screen stays open, and speaks Portuguese', async () => {
    i18n.global.locale.value = 'pt-BR'
    const wrapper = mark({ source: 'cache', fetchedAt: NOW - 2 * 60_000 })
    expect(wrapper.text()).toBe('Em cache há 2 minutos')
    await vi.advanceTimersByTimeAsync(60_000)
    expect(wrapper.text()).toBe('Em cache há 3 minutos')
  })
})
