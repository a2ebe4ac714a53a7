import type { RouteRecordRaw } from 'vue-router'
import { navScreen } from '@/router/navScreen'

export default [
  navScreen(
    'settings',
    () => import('./SettingsView.vue'),
    { label: 'shell.nav.settings', order: 90 },
    { meta: { withoutProfile: true } },
  ),
] satisfies RouteRecordRaw[]
