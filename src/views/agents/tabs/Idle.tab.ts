import type { AgentTab } from '../agentTabs'

export default {
  id: 'idle',
  order: 50,
  label: 'idleActions.tab',
  component: () => import('@/components/agents/idle/AgentIdleActionsTab.vue'),
} satisfies AgentTab
