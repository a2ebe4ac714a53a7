import type { RouteRecordRaw } from 'vue-router'

export default [
  {
    path: '/channels',
    name: 'channels',
    component: () => import('./ChannelsView.vue'),
    meta: { nav: { label: 'workspaceChannels.nav', order: 35 } },
  },
] satisfies RouteRecordRaw[]
