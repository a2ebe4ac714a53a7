// @vitest-environment happy-dom
import { createTestingPinia } from '@pinia/testing'
import { flushPromises, mount } from '@vue/test-utils'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import ProfileConnectForm from '@/components/profiles/ProfileConnectForm.vue'
import { i18n } from '@/i18n'
import { createFakeDeskApi } from './fakeDeskApi'

let fake: ReturnType<typeof createFakeDeskApi>

function mountForm() {
  return mount(ProfileConnectForm, {
    attachTo: document.body,
    global: { plugins: [i18n, createTestingPinia({ stubActions: false, createSpy: vi.fn })] },
  })
}

const input = (wrapper: ReturnType<typeof mountForm>, testId: string) => wrapper.get(`[data-testid="${testId}"] input`)
const fieldText = (wrapper: ReturnType<typeof mountForm>, testId: string) =>
  wrapper.get(`[data-testid="${testId}"]`).text()

beforeEach(() => {
  fake = createFakeDeskApi()
  fake.install()
  i18n.global.locale.value = 'en'
  fake.handle('profiles.list', async () => ({ ok: true, data: { profiles: [], activeProfileId: null } }))
})

describe('ProfileConnectForm', () => {
  it('refuses a bad address beside its field without calling main', async () => {
    const test = fake.handle('profiles.testConnection', async () => ({ ok: true, data: { workspaces: [] } }))
    const wrapper = mountForm()
    await input(wrapper, 'field-baseUrl').setValue('api.example.com')
    await input(wrapper, 'field-token').setValue('tok')
    await wrapper.get('[data-testid="test-connection"]').trigger('click')
    await flushPromises()
    expect(fieldText(wrapper, 'field-baseUrl')).toContain('Enter an address that starts with https:// or http://')
    expect(test).not.toHaveBeenCalled()
  })

  it('lists the workspaces, picks the only one, and saves the profile with what was typed', async () => {
    fake.handle('profiles.testConnection', async () => ({
      ok: true,
      data: { workspaces: [{ id: 'W1', name: 'Acme' }] },
    }))
    const create = fake.handle('profiles.create', async () => ({
      ok: true,
      data: {
        id: 'p1',
        label: 'Acme',
        kind: 'service',
        baseUrl: 'https://api.example.com',
        workspaceId: 'W1',
        rememberToken: false,
        hasToken: true,
        createdAt: 0,
      },
    }))
    const wrapper = mountForm()
    await input(wrapper, 'field-baseUrl').setValue(' https://api.example.com ')
    await input(wrapper, 'field-token').setValue('tok-123')
    await wrapper.get('[data-testid="test-connection"]').trigger('click')
    await flushPromises()
    expect(fieldText(wrapper, 'field-workspace')).toContain('Acme')
    await wrapper.get('[data-testid="save-profile"]').trigger('click')
    await flushPromises()
    expect(create).toHaveBeenCalledWith({
      baseUrl: 'https://api.example.com',
      token: 'tok-123',
      workspaceId: 'W1',
      workspaceName: 'Acme',
      label: undefined,
      rememberToken: true,
    })
    expect(wrapper.emitted('saved')).toHaveLength(1)
  })

  it('keeps everything typed when the save fails, and shows main’s field errors beside the fields', async () => {
    fake.handle('profiles.testConnection', async () => ({
      ok: true,
      data: { workspaces: [{ id: 'W1', name: 'Acme' }] },
    }))
    fake.handle('profiles.create', async () => ({
      ok: false,
      error: {
        kind: 'validation',
        message: 'Invalid input',
        fields: { label: 'Too big: expected string to have <=100 characters' },
      },
    }))
    const wrapper = mountForm()
    await input(wrapper, 'field-baseUrl').setValue('https://api.example.com')
    await input(wrapper, 'field-token').setValue('tok-123')
    await wrapper.get('[data-testid="test-connection"]').trigger('click')
    await flushPromises()
    await input(wrapper, 'field-label').setValue('x'.repeat(120))
    await wrapper.get('[data-testid="save-profile"]').trigger('click')
    await flushPromises()

    expect(fieldText(wrapper, 'field-label')).toContain('Too big')
    expect((input(wrapper, 'field-baseUrl').element as HTMLInputElement).value).toBe('https://api.example.com')
    expect((input(wrapper, 'field-token').element as HTMLInputElement).value).toBe('tok-123')
    expect((input(wrapper, 'field-label').element as HTMLInputElement).value).toBe('x'.repeat(120))
    expect(wrapper.emitted('saved')).toBeUndefined()
  })

  it('says an unreachable service above the buttons, not beside a field', async () => {
    fake.handle('profiles.testConnection', async () => ({
      ok: false,
      error: { kind: 'network', message: 'Could not reach the service (ECONNREFUSED)' },
    }))
    const wrapper = mountForm()
    await input(wrapper, 'field-token').setValue('tok-123')
    await wrapper.get('[data-testid="test-connection"]').trigger('click')
    await flushPromises()
    expect(wrapper.get('[data-testid="connect-error"]').text()).toContain(
      'Could not connect: Could not reach the service',
    )
  })
})
