import type { AgentTab } from '../agentTabs'

/** Try the agent: a test conversation from the desk, e.g. right after a behavior change. */
export default {
  id: 'try',
  order: 90,
  label: 'liveChat.tryAgent.tab',
  component: () => import('@/components/agents/try/AgentTryPanel.vue'),
} satisfies AgentTab
