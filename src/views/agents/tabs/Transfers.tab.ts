import type { AgentTab } from '../agentTabs'

export default {
  id: 'transfers',
  order: 60,
  label: 'transferRules.tab',
  component: () => import('@/components/agents/transfers/AgentTransferRulesTab.vue'),
} satisfies AgentTab
