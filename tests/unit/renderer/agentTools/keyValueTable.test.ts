// @vitest-environment happy-dom
import { flushPromises } from '@vue/test-utils'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import AgentKeyValueTable from '@/components/agents/AgentKeyValueTable.vue'
import { setLocale } from '@/i18n'
import { mountModel } from './harness'

const props = { errorPath: 'headers', itemLabel: 'header', testid: 'kv' }

beforeEach(() => setLocale('en'))
afterEach(() => {
  document.body.innerHTML = ''
})

describe('AgentKeyValueTable', () => {
  it('edits one cell of one row and leaves the others as they were', async () => {
    const { wrapper, model } = await mountModel(
      AgentKeyValueTable,
      [
        { name: 'Authorization', value: 'Bearer a' },
        { name: 'Accept', value: 'application/json' },
      ],
      props,
    )
    const before = model.value
    await wrapper.findAll('[data-testid="kv-value"] input')[1]!.setValue('text/plain')
    expect(model.value).toEqual([
      { name: 'Authorization', value: 'Bearer a' },
      { name: 'Accept', value: 'text/plain' },
    ])
    // A new array each time, so deep watchers and drafts see the change.
    expect(model.value).not.toBe(before)
    expect(before[1]!.value).toBe('application/json')
  })

  it('adds an empty row at the end and removes the row whose button was pressed', async () => {
    const { wrapper, model } = await mountModel(
      AgentKeyValueTable,
      [
        { name: 'a', value: '1' },
        { name: 'b', value: '2' },
      ],
      props,
    )
    await wrapper.find('[data-testid="kv-add"]').trigger('click')
    expect(model.value).toEqual([
      { name: 'a', value: '1' },
      { name: 'b', value: '2' },
      { name: '', value: '' },
    ])
    await wrapper.findAll('[data-testid="kv-remove"]')[0]!.trigger('click')
    await flushPromises()
    expect(model.value).toEqual([
      { name: 'b', value: '2' },
      { name: '', value: '' },
    ])
    expect(wrapper.findAll('[data-testid="kv-row"]')).toHaveLength(2)
    expect((wrapper.findAll('[data-testid="kv-name"] input')[0]!.element as HTMLInputElement).value).toBe('b')
  })

  it('shows each problem beside the row and cell it belongs to', async () => {
    const { wrapper } = await mountModel(
      AgentKeyValueTable,
      [
        { name: 'ok', value: '1' },
        { name: '', value: '2' },
      ],
      { ...props, errors: { 'headers.1.name': 'Required.', 'other.0.name': 'not mine' } },
    )
    const rows = wrapper.findAll('[data-testid="kv-row"]')
    expect(rows[0]!.text()).not.toContain('Required.')
    expect(rows[1]!.text()).toContain('Required.')
    expect(wrapper.text()).not.toContain('not mine')
  })

  it('says there is nothing yet when empty', async () => {
    const { wrapper } = await mountModel(AgentKeyValueTable, [], props)
    expect(wrapper.text()).toContain('No header yet.')
  })
})
