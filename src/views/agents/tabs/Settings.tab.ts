import type { AgentTab } from '../agentTabs'

export default {
  id: 'settings',
  order: 35,
  label: 'agentSettings.tab',
  component: () => import('@/components/agents/settings/AgentSettingsTab.vue'),
} satisfies AgentTab
