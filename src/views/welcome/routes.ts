import type { RouteRecordRaw } from 'vue-router'

export default [
  {
    path: '/welcome',
    name: 'welcome',
    component: () => import('./FirstRunView.vue'),
    meta: { layout: 'bare' },
  },
  {
    path: '/connect',
    name: 'connect',
    component: () => import('./ConnectView.vue'),
    meta: { layout: 'bare' },
  },
] satisfies RouteRecordRaw[]
