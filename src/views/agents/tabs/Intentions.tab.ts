import type { AgentTab } from '../agentTabs'

export default {
  id: 'intentions',
  order: 40,
  label: 'intentions.tab',
  component: () => import('@/components/agents/intentions/AgentIntentionsTab.vue'),
} satisfies AgentTab
