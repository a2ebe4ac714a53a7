import type { AgentTab } from '../agentTabs'

export default {
  id: 'profile',
  order: 10,
  label: 'agentDetail.tabs.profile',
  component: () => import('@/components/agents/profile/AgentProfileForm.vue'),
} satisfies AgentTab
