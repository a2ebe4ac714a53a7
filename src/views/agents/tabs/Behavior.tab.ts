import type { AgentTab } from '../agentTabs'

export default {
  id: 'behavior',
  order: 20,
  label: 'agentDetail.tabs.behavior',
  component: () => import('@/components/agents/behavior/AgentBehaviorEditor.vue'),
} satisfies AgentTab
