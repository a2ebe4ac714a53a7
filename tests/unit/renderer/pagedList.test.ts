// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { beforeEach, describe, expect, it } from 'vitest'
import PagedList from '@/components/common/PagedList.vue'
import { i18n } from '@/i18n'
import type { PagedQuery } from '@/query/usePagedQuery'
import { emptyList } from './pagedListFake'

const mountList = (list: PagedQuery<string>, filtersActive: boolean) =>
  mount(PagedList, {
    props: {
      list,
      testid: 'things',
      loadFailed: 'failed',
      empty: 'Nothing yet.',
      emptyFiltered: 'No match for {query}.',
      filtersActive,
    },
    global: { plugins: [i18n] },
  })

beforeEach(() => {
  setActivePinia(createPinia())
  i18n.global.locale.value = 'en'
})

describe('PagedList, empty', () => {
  it('offers no way out when nothing is filtered', () => {
    const w = mountList(emptyList('').list, false)
    expect(w.get('[data-testid="things-empty"]').text()).toContain('Nothing yet.')
    expect(w.find('[data-testid="clear-filters"]').exists()).toBe(false)
  })

  it('clears the text filter and, when other filters are applied, asks its owner to clear them too', async () => {
    const text = emptyList('zzz')
    const w1 = mountList(text.list, false)
    expect(w1.get('[data-testid="things-empty"]').text()).toContain('No match for zzz.')
    await w1.get('[data-testid="clear-filters"]').trigger('click')
    expect(text.restarts).toEqual([''])
    expect(w1.emitted('clearFilters')).toHaveLength(1)

    const other = emptyList('')
    const w2 = mountList(other.list, true)
    await w2.get('[data-testid="clear-filters"]').trigger('click')
    expect(w2.emitted('clearFilters')).toHaveLength(1)
    expect(other.restarts).toEqual([''])
  })
})

describe('PagedList, texts from a feature', () => {
  const mountTexts = (list: PagedQuery<string>, texts: string) =>
    mount(PagedList, { props: { list, testid: 'things', texts }, global: { plugins: [i18n] } })

  it('says the feature’s empty texts, naming the filter that matched nothing, and labels its filter', () => {
    const w = mountTexts(emptyList('zzz').list, 'customFields')
    expect(w.get('[data-testid="things-empty"]').text()).toContain('No field matches “zzz”.')
    expect(w.get('[data-testid="things-filter"] input').attributes('aria-label')).toBe('Search fields by name')
  })

  it('has no filter when the feature has no filter text', () => {
    const w = mountTexts(emptyList('').list, 'sessions')
    expect(w.get('[data-testid="things-empty"]').text()).toContain('No service sessions.')
    expect(w.find('[data-testid="things-filter"]').exists()).toBe(false)
  })
})
