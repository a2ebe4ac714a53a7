import type { RouteRecordRaw } from 'vue-router'

export default [
  {
    // The chart library is imported by this view only, so it lives in this route's chunk.
    path: '/credits',
    name: 'credits',
    component: () => import('./CreditsView.vue'),
    meta: { nav: { label: 'credits.nav', order: 45 } },
  },
] satisfies RouteRecordRaw[]
