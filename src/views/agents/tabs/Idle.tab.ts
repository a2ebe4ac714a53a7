import type { AgentTab } from '../agentTabs'

export default {
  id: 'idle',
  order: 50,
  label: 'idleActions.tab',
  component: () => import('@/components/agents/AgentIdleActionsTab.vue'),
} satisfies AgentTab
