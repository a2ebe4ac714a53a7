import type { RouteRecordRaw } from 'vue-router'

export default [
  {
    path: '/custom-fields',
    name: 'custom-fields',
    component: () => import('./CustomFieldsView.vue'),
    meta: { nav: { label: 'customFields.nav', order: 40 } },
  },
] satisfies RouteRecordRaw[]
