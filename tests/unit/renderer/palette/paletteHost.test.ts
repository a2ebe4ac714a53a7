// @vitest-environment happy-dom
import { flushPromises, mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { defineComponent, h, nextTick, ref } from 'vue'
import { createMemoryHistory, createRouter } from 'vue-router'
import CommandPaletteHost from '@/components/palette/CommandPaletteHost.vue'
import { useCommandPalette } from '@/composables/useCommandPalette'
import { useFirstUse, useShownAfterMount } from '@/composables/useFirstUse'
import { i18n } from '@/i18n'
import { setUpApp } from '../agentTools/harness'

afterEach(() => {
  useCommandPalette().hide()
  document.body.innerHTML = ''
})

const press = (init: KeyboardEventInit) =>
  window.dispatchEvent(new KeyboardEvent('keydown', { bubbles: true, ...init }))

const dialogs = () => document.querySelectorAll('[data-testid="command-palette"]')
/** Waits for the dialog's chunk (a dynamic import, slow under the test transform) and what it renders. */
const dialogShown = () => vi.waitFor(() => expect(dialogs()).toHaveLength(1), { timeout: 20_000, interval: 20 })

function mountHost() {
  const { pinia } = setUpApp('en')
  const empty = defineComponent(() => () => null)
  const router = createRouter({
    history: createMemoryHistory(),
    routes: ['agents', 'chats', 'contacts', 'settings'].map((name) => ({ path: `/${name}`, name, component: empty })),
  })
  const wrapper = mount(CommandPaletteHost, { global: { plugins: [i18n, pinia, router] }, attachTo: document.body })
  return { wrapper, router }
}

describe('the palette, loaded on first use', () => {
  it('keeps the global keys working before the dialog is ever loaded, and Ctrl+K opens it', async () => {
    const { router } = mountHost()
    await router.push('/agents')
    await flushPromises()
    expect(document.querySelector('[data-testid="command-palette"]')).toBeNull()

    // Alt+2 (Go to Chats) is the host's: it works though the palette was never opened.
    press({ code: 'Digit2', key: '2', altKey: true })
    await vi.waitFor(() => expect(router.currentRoute.value.name).toBe('chats'))
    expect(document.querySelector('[data-testid="command-palette"]')).toBeNull()

    press({ code: 'KeyK', key: 'k', ctrlKey: true })
    expect(useCommandPalette().open.value).toBe(true)
    await dialogShown()
    const dialog = dialogs()[0]
    // The commands the host owns are listed, with their keys.
    expect(dialog!.textContent).toContain('Go to Contacts')
    expect(dialog!.textContent).toContain('Alt+3')

    // Closed and opened again: the same dialog, no second load.
    press({ code: 'KeyK', key: 'k', ctrlKey: true })
    await vi.waitFor(() => expect(useCommandPalette().open.value).toBe(false))
    press({ code: 'KeyK', key: 'k', ctrlKey: true })
    await dialogShown()
  })
})

describe('useFirstUse / useShownAfterMount', () => {
  it('turns true on first want and stays; a modal mounted while wanted is shown only after mounting', async () => {
    const wanted = ref(false)
    const seen: boolean[] = []
    let used: ReturnType<typeof useFirstUse> | undefined
    const Probe = defineComponent(() => {
      const shown = useShownAfterMount(() => wanted.value)
      used = useFirstUse(() => wanted.value)
      return () => {
        seen.push(shown.value)
        return h('i')
      }
    })
    wanted.value = true
    const w = mount(Probe)
    await nextTick()
    // First render closed (so the modal's enter transition runs), then open.
    expect(seen).toEqual([false, true])
    expect(used!.value).toBe(true)
    wanted.value = false
    await nextTick()
    expect(seen.at(-1)).toBe(false)
    expect(used!.value).toBe(true)
    w.unmount()
  })
})
