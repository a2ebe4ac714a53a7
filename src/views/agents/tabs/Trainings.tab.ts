import type { AgentTab } from '../agentTabs'

export default {
  id: 'trainings',
  order: 30,
  label: 'agentDetail.tabs.trainings',
  component: () => import('@/components/agents/trainings/AgentTrainingList.vue'),
} satisfies AgentTab
