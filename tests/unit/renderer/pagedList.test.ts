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
