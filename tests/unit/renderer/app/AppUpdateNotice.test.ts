// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { UpdatesInfo } from '@contract'
import AppUpdateNotice from '@/components/app/AppUpdateNotice.vue'
import { i18n, setLocale } from '@/i18n'
import { createFakeDeskApi } from '../fakeDeskApi'

let desk: ReturnType<typeof createFakeDeskApi>

function answerStatus(info: UpdatesInfo) {
  desk.handle('updates.status', async () => ({
    ok: true,
    data: info,
  }))
}

async function mountNotice() {
  const wrapper = mount(AppUpdateNotice, { global: { plugins: [i18n] }, attachTo: document.body })
  await flushPromises()
  return wrapper
}

beforeEach(() => {
  setLocale('en')
  desk = createFakeDeskApi()
  desk.install()
  answerStatus({ supported: true, automatic: true, status: null })
})

afterEach(() => {
  document.body.innerHTML = ''
})

describe('AppUpdateNotice', () => {
  it('stays out of the way for a check, an up-to-date answer and a failed background check', async () => {
    const wrapper = await mountNotice()
    for (const status of [
      { state: 'checking' as const },
      { state: 'none' as const },
      { state: 'error' as const, message: 'net::ERR_INTERNET_DISCONNECTED' },
    ]) {
      desk.emit('update.status', status)
      await flushPromises()
      expect(wrapper.find('[data-testid="app-update-notice"]').exists(), status.state).toBe(false)
    }
  })

  it('shows the download’s progress, then offers the restart that installs it', async () => {
    const restart = desk.handle('updates.restart', async () => ({
      ok: true,
      data: { restarting: true },
    }))
    const wrapper = await mountNotice()

    desk.emit('update.status', { state: 'available', version: '1.4.0' })
    desk.emit('update.status', { state: 'downloading', percent: 42, version: '1.4.0' })
    await flushPromises()
    expect(wrapper.text()).toContain('Downloading Agent Desk 1.4.0…')
    expect(wrapper.find('[data-testid="app-update-progress"]').text()).toContain('42')
    expect(wrapper.find('[data-testid="app-update-restart"]').exists()).toBe(false)

    desk.emit('update.status', { state: 'downloaded', version: '1.4.0' })
    await flushPromises()
    expect(wrapper.text()).toContain('Agent Desk 1.4.0 is ready to install.')
    await wrapper.find('[data-testid="app-update-restart"]').trigger('click')
    await flushPromises()
    expect(restart).toHaveBeenCalledTimes(1)
  })

  it('lets the restart be tried again when main had nothing to install', async () => {
    desk.handle('updates.restart', async () => ({
      ok: true,
      data: { restarting: false },
    }))
    const wrapper = await mountNotice()
    desk.emit('update.status', { state: 'downloaded', version: '1.4.0' })
    await flushPromises()
    const button = wrapper.find('[data-testid="app-update-restart"]')
    await button.trigger('click')
    await flushPromises()
    expect(button.attributes('disabled')).toBeUndefined()
    expect(button.classes().join(' ')).not.toMatch(/loading/)
  })

  it('shows an update that was downloaded before the page subscribed', async () => {
    answerStatus({ supported: true, automatic: true, status: { state: 'downloaded', version: '2.0.0' } })
    const wrapper = await mountNotice()
    expect(wrapper.text()).toContain('Agent Desk 2.0.0 is ready to install.')
  })

  it('shows nothing where updates are not supported (development, browser preview)', async () => {
    answerStatus({ supported: false, automatic: true, status: { state: 'downloaded', version: '2.0.0' } })
    const wrapper = await mountNotice()
    expect(wrapper.find('[data-testid="app-update-notice"]').exists()).toBe(false)
  })

  it('tells the user when a download it showed then failed, until dismissed', async () => {
    const wrapper = await mountNotice()
    desk.emit('update.status', { state: 'downloading', percent: 10, version: '1.4.0' })
    desk.emit('update.status', { state: 'error', message: 'sha512 checksum mismatch' })
    await flushPromises()
    expect(wrapper.text()).toContain('The update could not be downloaded.')
    await wrapper.find('[data-testid="app-update-dismiss"]').trigger('click')
    expect(wrapper.find('[data-testid="app-update-notice"]').exists()).toBe(false)
  })

  it('hides a ready update on “Later” and shows the next version again', async () => {
    const wrapper = await mountNotice()
    desk.emit('update.status', { state: 'downloaded', version: '1.4.0' })
    await flushPromises()
    await wrapper.find('[data-testid="app-update-dismiss"]').trigger('click')
    expect(wrapper.find('[data-testid="app-update-notice"]').exists()).toBe(false)
    desk.emit('update.status', { state: 'downloaded', version: '1.5.0' })
    await flushPromises()
    expect(wrapper.text()).toContain('Agent Desk 1.5.0 is ready to install.')
  })

  it('speaks Portuguese when the app does', async () => {
    setLocale('pt-BR')
    const wrapper = await mountNotice()
    desk.emit('update.status', { state: 'downloaded', version: '1.4.0' })
    await flushPromises()
    expect(wrapper.text()).toContain('Reiniciar para atualizar')
  })
})
