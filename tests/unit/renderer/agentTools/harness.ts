import { PiniaColada } from '@pinia/colada'
import { flushPromises, mount, RouterLinkStub, type VueWrapper } from '@vue/test-utils'
import { NDialogProvider, NMessageProvider } from 'naive-ui'
import { createPinia, setActivePinia, type Pinia } from 'pinia'
import { defineComponent, h, ref, type Component } from 'vue'
import { i18n, setLocale } from '@/i18n'
import { useSessionStore } from '@/stores/session'
import { createFakeDeskApi, profile } from '../fakeDeskApi'

export { profile }

/** What the tests mounted; unmounted before the next test, so no form writes its draft into it. */
const mounted: VueWrapper[] = []

/** A fresh app state per test: fake `window.api`, a new Pinia with an active profile, English. */
export function setUpApp(locale: 'en' | 'pt-BR' = 'en') {
  for (const wrapper of mounted.splice(0)) wrapper.unmount()
  localStorage.clear()
  setLocale(locale)
  const fake = createFakeDeskApi()
  fake.install()
  const pinia: Pinia = createPinia()
  setActivePinia(pinia)
  useSessionStore().profiles = [profile]
  useSessionStore().activeProfileId = profile.id
  return { fake, pinia }
}

/** Mounts inside the providers the app has (messages, dialogs), with i18n and Pinia. */
export async function mountInApp(component: Component, props: Record<string, unknown>, pinia: Pinia) {
  const Host = defineComponent(() => () => h(NMessageProvider, () => h(NDialogProvider, () => h(component, props))))
  const wrapper = mount(Host, {
    global: {
      plugins: [i18n, pinia, [PiniaColada, { queryOptions: { refetchOnWindowFocus: false } }]],
      stubs: { RouterLink: RouterLinkStub },
    },
    attachTo: document.body,
  })
  mounted.push(wrapper)
  await flushPromises()
  return wrapper
}

/**
 * Mounts a v-model component with a parent that holds the value, so every emitted update flows
 * back in as a parent would (the way forms use these editors).
 */
export async function mountModel<T>(component: Component, initial: T, props: Record<string, unknown>) {
  const model = ref(initial)
  const Host = defineComponent(
    () => () =>
      h(component, {
        ...props,
        modelValue: model.value,
        'onUpdate:modelValue': (v: T) => (model.value = v),
      }),
  )
  const wrapper = mount(Host, { global: { plugins: [i18n] }, attachTo: document.body })
  await flushPromises()
  return { wrapper, model }
}
