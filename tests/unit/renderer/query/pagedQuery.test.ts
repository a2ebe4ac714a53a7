// @vitest-environment happy-dom
import { PiniaColada } from '@pinia/colada'
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, nextTick } from 'vue'
import type { Agent } from '@contract'
import DetailTabs from '@/components/common/DetailTabs.vue'
import { usePagedQuery, type PagedQuery } from '@/query'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi, flush, profileNamed } from '../fakeDeskApi'

const profile = profileNamed('p1')
const agents = (from: number, count: number): Agent[] =>
  Array.from({ length: count }, (_, i) => ({ id: `a${from + i}`, name: `Agent ${from + i}` }))

let fake: ReturnType<typeof createFakeDeskApi>
let pinia: Pinia

beforeEach(() => {
  fake = createFakeDeskApi()
  fake.install()
  pinia = createPinia()
  setActivePinia(pinia)
  useSessionStore().profiles = [profile]
  useSessionStore().activeProfileId = 'p1'
})

/** A service of `total` agents, 1-based pages, filtered by id substring; `wrap` repeats page 1 past the end. */
function service(total: number, opts: { wrap?: boolean } = {}) {
  const all = agents(1, total)
  return fake.handle('agents.list', async (input) => {
    const {
      page = 1,
      pageSize = 10,
      query = '',
    } = (input as { query: { page?: number; pageSize?: number; query?: string } }).query
    const matching = all.filter((a) => a.id.includes(query))
    let slice = matching.slice((page - 1) * pageSize, page * pageSize)
    if (slice.length === 0 && opts.wrap) slice = matching.slice(0, pageSize)
    return { ok: true, data: slice, meta: { source: 'network', fetchedAt: 1 } }
  })
}

function mountList() {
  let list!: PagedQuery<Agent>
  const C = defineComponent({
    setup() {
      list = usePagedQuery('agents.list', {
        input: (page, pageSize, filter) => ({
          path: { workspaceId: 'W1' },
          query: { page, pageSize, ...(filter ? { query: filter } : {}) },
        }),
        items: (answer) => answer,
        identify: (a) => a.id,
        pageSize: 10,
        debounceMs: 5,
      }) as PagedQuery<Agent>
      return () => h('p', list.items.value.map((a) => a.id).join(','))
    },
  })
  const wrapper = mount(C, { global: { plugins: [pinia, [PiniaColada, {}]] } })
  return { wrapper, list: () => list }
}

async function settle() {
  for (let i = 0; i < 6; i++) await flush()
}

describe('usePagedQuery', () => {
  it('shows the first page, pages forward and back, and knows the last page from a short one', async () => {
    const calls = service(25)
    const { list } = mountList()
    await settle()
    expect(list().state.value).toBe('done')
    expect(list().items.value).toHaveLength(10)
    expect(list().hasPrev.value).toBe(false)
    expect(list().hasNext.value).toBe(true)
    expect(calls).toHaveBeenCalledWith({ path: { workspaceId: 'W1' }, query: { page: 1, pageSize: 10 } })
    list().next()
    await settle()
    list().next()
    await settle()
    expect(list().pageNumber.value).toBe(3)
    expect(list().items.value.map((a) => a.id)).toEqual(['a21', 'a22', 'a23', 'a24', 'a25'])
    expect(list().hasNext.value).toBe(false)
    list().prev()
    await settle()
    expect(list().pageNumber.value).toBe(2)
    expect(list().hasNext.value).toBe(true)
  })

  it('stays on the last full page when the next is empty, or when the service wraps to the first', async () => {
    for (const wrap of [false, true]) {
      service(20, { wrap })
      const { list } = mountList()
      await settle()
      list().next()
      await settle()
      list().next()
      await settle()
      expect(list().pageNumber.value, `wrap=${wrap}`).toBe(2)
      expect(list().items.value.map((a) => a.id)[0]).toBe('a11')
      expect(list().hasNext.value).toBe(false)
    }
  })

  it('applies a typed filter after a pause, from the first page, and clears it', async () => {
    const calls = service(25)
    const { list } = mountList()
    await settle()
    list().next()
    await settle()
    list().filter.value = 'a2'
    await nextTick()
    // Not before the pause...
    expect(list().appliedFilter.value).toBe('')
    // ...then applied, once it passed.
    await vi.waitFor(() => expect(list().appliedFilter.value).toBe('a2'))
    await settle()
    expect(list().pageNumber.value).toBe(1)
    expect(list().items.value.map((a) => a.id)).toEqual(['a2', 'a20', 'a21', 'a22', 'a23', 'a24', 'a25'])
    expect(calls).toHaveBeenLastCalledWith({
      path: { workspaceId: 'W1' },
      query: { page: 1, pageSize: 10, query: 'a2' },
    })
    list().restart()
    await settle()
    expect(list().items.value).toHaveLength(10)
  })

  it('keeps the page on screen while the next loads, and says when a load failed', async () => {
    service(25)
    const { list, wrapper } = mountList()
    await settle()
    let release!: () => void
    fake.handle(
      'agents.list',
      () => new Promise((r) => (release = () => r({ ok: false, error: { kind: 'network', message: 'down' } }))),
    )
    list().next()
    await flush()
    expect(list().state.value).toBe('loading')
    expect(wrapper.text()).toContain('a1,a2')
    release()
    await settle()
    expect(list().state.value).toBe('error')
    expect(list().error.value?.kind).toBe('network')
  })
})

describe('DetailTabs', () => {
  it('is a tablist whose arrow, Home and End keys move the selection and the focus', async () => {
    const selected = vi.fn()
    const tabs = [
      { id: 'profile', label: 'Profile' },
      { id: 'behavior', label: 'Behavior' },
      { id: 'trainings', label: 'Trainings' },
    ]
    const wrapper = mount(DetailTabs, {
      props: { tabs, active: 'profile', label: 'Agent sections', testid: 'agent-tab', onSelect: selected },
      slots: { default: () => h('p', 'content') },
      attachTo: document.body,
    })
    const buttons = wrapper.findAll('[role="tab"]')
    expect(wrapper.get('[role="tablist"]').attributes('aria-label')).toBe('Agent sections')
    expect(buttons.map((b) => b.attributes('tabindex'))).toEqual(['0', '-1', '-1'])
    expect(buttons[0]!.attributes('aria-selected')).toBe('true')
    expect(wrapper.get('[role="tabpanel"]').attributes('aria-labelledby')).toBe(buttons[0]!.attributes('id'))

    await buttons[0]!.trigger('keydown', { key: 'ArrowRight' })
    expect(selected).toHaveBeenLastCalledWith('behavior')
    await wrapper.setProps({ active: 'behavior' })
    await nextTick()
    expect(document.activeElement).toBe(buttons[1]!.element)
    await buttons[1]!.trigger('keydown', { key: 'End' })
    expect(selected).toHaveBeenLastCalledWith('trainings')
    await buttons[1]!.trigger('keydown', { key: 'ArrowLeft' })
    expect(selected).toHaveBeenLastCalledWith('profile')
    await buttons[0]!.trigger('keydown', { key: 'ArrowLeft' })
    expect(selected).toHaveBeenLastCalledWith('trainings')
    wrapper.unmount()
  })
})
