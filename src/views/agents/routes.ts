import type { RouteRecordRaw } from 'vue-router'

export default [
  {
    path: '/agents',
    name: 'agents',
    component: () => import('./AgentsListView.vue'),
    meta: { requiresProfile: true, nav: { label: 'shell.nav.agents', order: 10 } },
  },
] satisfies RouteRecordRaw[]
