// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { NMessageProvider } from 'naive-ui'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, type Component } from 'vue'
import type { AppError } from '@contract'
import { useDeskApi } from '@/api'
import PagedList from '@/components/common/PagedList.vue'
import { failedList } from '../pagedListFake'

/** PagedList is generic; h() cannot infer its item type from a fake list. */
const AnyPagedList = PagedList as unknown as Component
import UserText from '@/components/common/UserText.vue'
import { ERROR_DISPLAY_MAX, presentError } from '@/domain/errorText'
import { clampText, isolate, stripBidiControls } from '@/domain/userText'
import { i18n } from '@/i18n'
import { createFakeDeskApi, flush } from '../fakeDeskApi'

const MEGABYTE = 'x'.repeat(1_048_576)
const RLO = '\u202E'

beforeEach(() => {
  i18n.global.locale.value = 'en'
  setActivePinia(createPinia())
})

describe('service error texts of any size', () => {
  it('reach the screens cut to a bounded length, whatever the call', async () => {
    const fake = createFakeDeskApi()
    fake.install()
    fake.handle('agents.list', async () => ({
      ok: false,
      error: { kind: 'validation', message: `bad ${MEGABYTE}`, status: 400 },
    }))
    const r = await useDeskApi().agents.list({ path: { workspaceId: 'w' } })
    if (r.ok) return expect.unreachable()
    expect(r.error.message.length).toBeLessThanOrEqual(ERROR_DISPLAY_MAX + 1)
    expect(r.error.message.endsWith('…')).toBe(true)
    expect(r.error.status).toBe(400)
  })

  it('keeps the full text copyable from the list error', async () => {
    const writeText = vi.fn(async () => {})
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true })
    const full = `The service says: ${MEGABYTE}`
    const error = presentError({ kind: 'server', message: full, status: 500 })
    const Host = defineComponent(
      () => () =>
        h(NMessageProvider, () =>
          h(AnyPagedList, {
            list: failedList(error),
            testid: 'list',
            loadFailed: 'Could not load',
            empty: '',
            emptyFiltered: '',
          }),
        ),
    )
    const wrapper = mount(Host, { global: { plugins: [i18n] }, attachTo: document.body })
    expect(wrapper.text().length).toBeLessThan(ERROR_DISPLAY_MAX + 200)
    const button = wrapper.find('[data-testid="copy-full-error"]')
    expect(button.exists()).toBe(true)
    expect(button.text()).toBe('Copy the full text')
    await button.trigger('click')
    await flush()
    expect(writeText).toHaveBeenCalledWith(full)
    wrapper.unmount()
  })

  it('shows no copy button for a short text, which is shown whole', () => {
    const error = presentError({ kind: 'server', message: 'short', status: 500 })
    expect(error.message).toBe('short')
    const wrapper = mount(
      defineComponent(
        () => () =>
          h(NMessageProvider, () =>
            h(AnyPagedList, {
              list: failedList(error),
              testid: 'list',
              loadFailed: 'x',
              empty: '',
              emptyFiltered: '',
            }),
          ),
      ),
      { global: { plugins: [i18n] } },
    )
    expect(wrapper.find('[data-testid="copy-full-error"]').exists()).toBe(false)
  })
})

describe('a redirect of an API call, in the renderer', () => {
  it('is said as a redirect the app does not follow, and where to, in both languages', () => {
    const error: AppError = {
      kind: 'bad_response',
      message: 'The service answered with a redirect…',
      status: 307,
      endpoint: 'agents.list',
      redirectTo: 'https://elsewhere.example/v2/workspaces',
    }
    expect(presentError(error)).toMatchObject({
      kind: 'server',
      message:
        'It answered with a redirect (HTTP 307) that the app does not follow, to https://elsewhere.example/v2/workspaces. Check the service address of this profile.',
    })
    i18n.global.locale.value = 'pt-BR'
    expect(presentError(error).message).toMatch(/^Ele respondeu com um redirecionamento \(HTTP 307\)/)
  })
})

describe('user text', () => {
  it('removes bidi overrides, embeddings and isolates, keeping the letters', () => {
    expect(stripBidiControls(`invoice${RLO}fdp.exe`)).toBe('invoicefdp.exe')
    expect(stripBidiControls('a\u202A\u202B\u202C\u202D\u2066\u2067\u2068\u2069b')).toBe('ab')
    // Hebrew and Arabic letters and the implicit marks stay.
    expect(stripBidiControls('שלום \u200Fمرحبا')).toBe('שלום \u200Fمرحبا')
  })

  it('isolates a plain string with right-to-left letters with FSI…PDI that a stray PDI inside cannot close', () => {
    expect(isolate(`x\u2069${RLO}y`)).toBe('xy')
    expect(isolate(`مرحبا\u2069${RLO}y`)).toBe('\u2068مرحباy\u2069')
  })

  it('cuts a megabyte to a few hundred characters without splitting a surrogate pair', () => {
    expect(clampText(MEGABYTE).text.length).toBe(301)
    const emoji = '😀'.repeat(400)
    const cut = clampText(emoji, 10).text
    expect(Array.from(cut)).toHaveLength(11)
    expect(cut.endsWith('…')).toBe(true)
  })

  it('renders a name in a <bdi>, controls removed, clamped, with the longer text on hover', () => {
    const spoof = mount(UserText, { props: { text: `invoice${RLO}fdp.exe` } })
    expect(spoof.element.tagName).toBe('BDI')
    expect(spoof.text()).toBe('invoicefdp.exe')
    const huge = mount(UserText, { props: { text: MEGABYTE, ellipsis: true } })
    expect(huge.text().length).toBe(301)
    expect(huge.attributes('title')?.length).toBe(1001)
    expect(huge.classes()).toContain('user-text--ellipsis')
  })
})

describe('names in tables and lists', () => {
  it('shows agent names isolated, without their bidi controls, and a megabyte name cut', async () => {
    const { default: AgentTable } = await import('@/components/agents/AgentTable.vue')
    const fake = createFakeDeskApi()
    fake.install()
    const wrapper = mount(AgentTable, {
      props: {
        agents: [
          { id: 'a1', name: `invoice${RLO}fdp.exe`, jobName: `x${RLO}y` },
          { id: 'a2', name: MEGABYTE },
        ],
        loading: false,
        openable: true,
      },
      global: { plugins: [i18n] },
    })
    const names = wrapper.findAll('bdi[data-user-text]')
    expect(names.length).toBeGreaterThanOrEqual(3)
    expect(wrapper.html()).not.toContain(RLO)
    expect(wrapper.text()).toContain('invoicefdp.exe')
    // The megabyte never reaches the page: the cell, its hover title and the row's label are bounded.
    expect(wrapper.html().length).toBeLessThan(20_000)
    // The row is named by what it shows (an aria-label of the name alone did not match its text).
    const row = wrapper.find('tr[data-testid="agent-row"]')
    expect(row.attributes('aria-label')).toBeUndefined()
    expect(row.text()).toContain('invoicefdp.exe')
  })
})
