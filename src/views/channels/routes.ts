import type { RouteRecordRaw } from 'vue-router'
import { navScreen } from '@/router/navScreen'

export default [
  navScreen('channels', () => import('./ChannelsView.vue'), { label: 'channels.workspace.nav', order: 35 }),
] satisfies RouteRecordRaw[]
