import type { RouteRecordRaw } from 'vue-router'
import { navScreen } from '@/router/navScreen'

export default [
  navScreen('channels', () => import('./ChannelsView.vue'), { label: 'workspaceChannels.nav', order: 35 }),
] satisfies RouteRecordRaw[]
