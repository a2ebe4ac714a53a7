import type { RouteRecordRaw } from 'vue-router'

export default [
  {
    path: '/welcome',
    name: 'welcome',
    component: () => import('./FirstRunView.vue'),
    meta: { layout: 'bare', withoutProfile: true },
  },
  {
    path: '/connect',
    name: 'connect',
    component: () => import('./ConnectView.vue'),
    meta: { layout: 'bare', withoutProfile: true },
  },
] satisfies RouteRecordRaw[]
