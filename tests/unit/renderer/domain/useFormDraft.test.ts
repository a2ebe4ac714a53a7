// @vitest-environment happy-dom
import { nextTick } from 'vue'
import { describe, expect, it } from 'vitest'
import { useFormDraft, type DraftStorage } from '../../../../src/composables/useFormDraft'

function memoryStorage(): DraftStorage & { data: Map<string, string> } {
  const data = new Map<string, string>()
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  }
}

describe('useFormDraft', () => {
  it('keeps an edit across a remount (a failed save or a restart loses nothing)', async () => {
    const storage = memoryStorage()
    const first = useFormDraft('agent:A', { name: 'Ana' }, storage)
    first.form.value.name = 'Ana Paula'
    await nextTick()
    expect(first.dirty.value).toBe(true)

    const second = useFormDraft('agent:A', { name: 'Ana' }, storage)
    expect(second.form.value.name).toBe('Ana Paula')
    expect(second.restored.value).toBe(true)
    // Fresh data from the service does not overwrite the user's draft.
    second.load({ name: 'Ana (servidor)' })
    expect(second.form.value.name).toBe('Ana Paula')
    expect(second.base.value.name).toBe('Ana (servidor)')
  })

  it('drops the draft once saved, and on discard returns to the saved state', async () => {
    const storage = memoryStorage()
    const d = useFormDraft('agent:B', { name: 'Bia' }, storage)
    d.form.value.name = 'Bianca'
    await nextTick()
    expect(storage.data.size).toBe(1)
    d.saved({ name: 'Bianca' })
    await nextTick()
    expect(d.dirty.value).toBe(false)
    expect(storage.data.size).toBe(0)

    d.form.value.name = 'B.'
    await nextTick()
    d.discard()
    await nextTick()
    expect(d.form.value.name).toBe('Bianca')
    expect(storage.data.size).toBe(0)
  })

  it('editing back to the saved value clears the draft', async () => {
    const storage = memoryStorage()
    const d = useFormDraft('agent:C', { name: 'Caio' }, storage)
    d.form.value.name = 'Caio!'
    await nextTick()
    d.form.value.name = 'Caio'
    await nextTick()
    expect(d.dirty.value).toBe(false)
    expect(storage.data.size).toBe(0)
  })

  it('loads service data into an untouched form', () => {
    const d = useFormDraft('agent:D', { name: '' }, memoryStorage())
    d.load({ name: 'Duda' })
    expect(d.form.value.name).toBe('Duda')
    expect(d.dirty.value).toBe(false)
  })
})
