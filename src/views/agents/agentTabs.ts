import type { Component } from 'vue'

/**
 * One tab of the agent detail view. Each `tabs/<Name>.tab.ts` default-exports one, so a tab is
 * added by adding a file; the view orders them by `order` and loads the component when first shown.
 */
export interface AgentTab {
  /** The URL segment (`/agents/:agentId/<id>`). */
  id: string
  order: number
  /** i18n key of the tab's label. */
  label: string
  /** The tab's content; it receives the prop `agentId: string`. */
  component: () => Promise<Component | { default: Component }>
}

const modules = import.meta.glob<{ default: AgentTab }>('./tabs/*.tab.ts', { eager: true })

/** Every registered tab, in display order. */
export const agentTabs: readonly AgentTab[] = Object.values(modules)
  .map((m) => m.default)
  .sort((a, b) => a.order - b.order)

export const DEFAULT_AGENT_TAB = 'profile'
