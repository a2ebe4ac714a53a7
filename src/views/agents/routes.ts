import type { RouteRecordRaw } from 'vue-router'
import { navScreen } from '@/router/navScreen'

export default [
  navScreen('agents', () => import('./AgentsListView.vue'), { label: 'shell.nav.agents', order: 10 }),
  {
    // One tab per `tabs/*.tab.ts`; the tab segment keeps the open tab in the URL.
    path: '/agents/:agentId/:tab?',
    name: 'agent-detail',
    component: () => import('./AgentDetailView.vue'),
    props: true,
  },
] satisfies RouteRecordRaw[]
