import { PiniaColada } from '@pinia/colada'
import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { installNaiveAriaFixes } from './a11y/naiveAria'
import { i18n } from './i18n'
import { installQuerySession } from './query/querySession'
import { createAppRouter } from './router'
import './styles.css'

const app = createApp(App)
app.use(createPinia())
// Main's offline cache already answers at once and refreshes in the background (and says so with
// `cache.updated`), so the renderer keeps answers briefly and never refetches on focus.
app.use(PiniaColada, { queryOptions: { staleTime: 5_000, refetchOnWindowFocus: false } })
app.use(i18n)
app.use(createAppRouter())
installQuerySession()
app.mount('#app')
installNaiveAriaFixes()
