import { createDiscreteApi, type ConfigProviderProps, type DiscreteApi } from 'naive-ui'
import { shallowRef, type Ref } from 'vue'

type Feedback = DiscreteApi<'message' | 'dialog' | 'notification'>

/** Theme and locale of the root NConfigProvider, mirrored here so toasts outside components match. */
const providerProps: Ref<ConfigProviderProps> = shallowRef({})

export function setFeedbackAppearance(props: ConfigProviderProps): void {
  providerProps.value = props
}

let api: Feedback | undefined

/** Messages, dialogs and notifications for code that is not inside a component (stores). Made on first use. */
export function feedback(): Feedback {
  api ??= createDiscreteApi(['message', 'dialog', 'notification'], { configProviderProps: providerProps })
  return api
}
