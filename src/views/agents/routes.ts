import type { RouteRecordRaw } from 'vue-router'

export default [
  {
    path: '/agents',
    name: 'agents',
    component: () => import('./AgentsListView.vue'),
    meta: { nav: { label: 'shell.nav.agents', order: 10 } },
  },
  {
    // One tab per `tabs/*.tab.ts`; the tab segment keeps the open tab in the URL.
    path: '/agents/:agentId/:tab?',
    name: 'agent-detail',
    component: () => import('./AgentDetailView.vue'),
    props: true,
  },
] satisfies RouteRecordRaw[]
