import type { RouteRecordRaw } from 'vue-router'

export default [
  {
    path: '/settings',
    name: 'settings',
    component: () => import('./SettingsView.vue'),
    meta: { withoutProfile: true, nav: { label: 'shell.nav.settings', order: 90 } },
  },
] satisfies RouteRecordRaw[]
