import type { AgentTab } from '../agentTabs'

export default {
  id: 'channels',
  order: 70,
  label: 'channels.tab',
  component: () => import('@/components/agents/channels/AgentChannelsTab.vue'),
} satisfies AgentTab
