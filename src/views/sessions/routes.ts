import type { RouteRecordRaw } from 'vue-router'

export default [
  {
    // Service sessions ("atendimentos", issue 16): one chat yields one per time the customer came back.
    path: '/sessions',
    name: 'sessions',
    component: () => import('./SessionsView.vue'),
    meta: { nav: { label: 'sessions.nav', order: 25 } },
  },
] satisfies RouteRecordRaw[]
