import type { AgentTab } from '../agentTabs'

export default {
  id: 'profile',
  order: 10,
  label: 'agentDetail.tabs.profile',
  component: () => import('@/components/agents/AgentProfileForm.vue'),
} satisfies AgentTab
