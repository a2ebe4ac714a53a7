import type { RouteRecordRaw } from 'vue-router'
import { navScreen } from '@/router/navScreen'

export default [
  navScreen('custom-fields', () => import('./CustomFieldsView.vue'), { label: 'customFields.nav', order: 40 }),
] satisfies RouteRecordRaw[]
