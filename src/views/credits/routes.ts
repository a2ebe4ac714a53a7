import type { RouteRecordRaw } from 'vue-router'
import { navScreen } from '@/router/navScreen'

export default [
  // The chart library is imported by this view only, so it lives in this route's chunk.
  navScreen('credits', () => import('./CreditsView.vue'), { label: 'credits.nav', order: 45 }),
] satisfies RouteRecordRaw[]
