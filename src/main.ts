import { PiniaColada } from '@pinia/colada'
import { createPinia } from 'pinia'
import { createApp } from 'vue'
import App from './App.vue'
import { installNaiveAriaFixes } from './a11y/naiveAria'
import { loadDarkTheme, osPrefersDark } from './composables/darkTheme'
import { i18n } from './i18n'
import { installQuerySession } from './query/querySession'
import { createAppRouter } from './router'
import './styles.css'
import './styles/forms.css'
import './styles/agents.css'
import './styles/lists.css'
import './styles/chats.css'

const app = createApp(App)
app.use(createPinia())
// Main's offline cache already answers at once and refreshes in the background (and says so with
// `cache.updated`), so the renderer keeps answers briefly and never refetches on focus.
app.use(PiniaColada, { queryOptions: { staleTime: 5_000, refetchOnWindowFocus: false } })
app.use(i18n)
app.use(createAppRouter())
installQuerySession()
// Until the settings are read, the app follows the OS theme: on a dark OS the first paint is dark.
// (A promise, not a top-level await: the theme's chunk imports from this one, which would deadlock.)
const firstTheme = osPrefersDark() ? loadDarkTheme().catch(() => undefined) : Promise.resolve()
void firstTheme.then(() => {
  app.mount('#app')
  installNaiveAriaFixes()
})
