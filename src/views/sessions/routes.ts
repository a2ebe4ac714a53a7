import type { RouteRecordRaw } from 'vue-router'
import { navScreen } from '@/router/navScreen'

export default [
  // Service sessions ("atendimentos"): one chat yields one per time the customer came back.
  navScreen('sessions', () => import('./SessionsView.vue'), { label: 'sessions.nav', order: 25 }),
] satisfies RouteRecordRaw[]
