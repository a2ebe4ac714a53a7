import type { AgentTab } from '../agentTabs'

export default {
  id: 'webhooks',
  order: 100,
  label: 'agentDetail.tabs.webhooks',
  component: () => import('@/components/agents/webhooks/AgentWebhooksForm.vue'),
} satisfies AgentTab
