import type { AgentTab } from '../agentTabs'

export default {
  id: 'mcp',
  order: 80,
  label: 'mcp.tab',
  component: () => import('@/components/agents/mcp/AgentMcpTab.vue'),
} satisfies AgentTab
