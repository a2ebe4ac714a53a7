import type { RouteRecordRaw } from 'vue-router'
import { navScreen } from '@/router/navScreen'

export default [
  // How the agents do, from the offline copy: no service call.
  navScreen('insights', () => import('./InsightsView.vue'), { label: 'insights.nav', order: 27 }),
] satisfies RouteRecordRaw[]
