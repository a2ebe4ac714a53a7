import type { AgentTab } from '../agentTabs'

/** Agent tests: real questions replayed against the agent after every change. */
export default {
  id: 'tests',
  order: 95,
  label: 'agentTests.tab',
  component: () => import('@/components/agents/tests/AgentTestsPanel.vue'),
} satisfies AgentTab
