import { z } from 'zod'
import { inject, onMounted, provide, ref, type InjectionKey, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { AGENT_TYPES, COMMUNICATION_TYPES } from '@contract'
import { HttpUrlWithoutCredentials } from '@contract/httpRules'
import { AGENT_FIELD_TABS, BEHAVIOR_MAX_LENGTH } from '@/domain/agentProfile'
import { focusField } from '@/forms/focusField'

const optionalUrl = z.union([z.literal(''), HttpUrlWithoutCredentials]).nullish()

/**
 * The app's own rules for an agent's fields, stricter than the service's (which takes any string
 * for an address). `useDraftForm` checks them on the fields the user changed only, so a value the
 * service already holds never blocks saving another field.
 */
export const AgentFieldRules = z.looseObject({
  name: z.string().trim().min(1).max(200),
  behavior: z.string().max(BEHAVIOR_MAX_LENGTH).nullish(),
  avatar: optionalUrl,
  communicationType: z.enum(COMMUNICATION_TYPES).nullish(),
  type: z.enum(AGENT_TYPES).nullish(),
  jobName: z.string().max(500).nullish(),
  jobSite: optionalUrl,
  jobDescription: z.string().max(5000).nullish(),
})

/** A refused field to show: on its tab, focused, with the problem beside it. */
export interface PendingField {
  path: string
  problem?: string
  /** The tab whose save was refused (its translated name). */
  from?: string
}

export interface AgentFieldNavigation {
  /** Shows the tab of `path` (keeping the current tab's unsaved edits as a draft) and focuses the field. */
  show(field: PendingField, tabId: string | undefined): void
  pending: Ref<PendingField | null>
}

const navigationKey: InjectionKey<AgentFieldNavigation> = Symbol('agent-field-navigation')

/** Called by the agent detail view, which owns the tabs. */
export function provideAgentFieldNavigation(selectTab: (tabId: string) => void): AgentFieldNavigation {
  const pending = ref<PendingField | null>(null)
  const nav: AgentFieldNavigation = {
    pending,
    show(field, tabId) {
      pending.value = field
      if (tabId) selectTab(tabId)
    },
  }
  provide(navigationKey, nav)
  return nav
}

/**
 * What an agent form on tab `tabId` gives `useDraftForm` to name a refused field and its tab, and to
 * take the user there; and, on mount, the field another tab sent the user to (focused, with its
 * problem shown until the user changes it).
 */
export function useAgentFieldPlaces(tabId: 'profile' | 'behavior', root: Ref<HTMLElement | null | undefined>) {
  const { t } = useI18n()
  const nav = inject(navigationKey, null)
  const arrived = ref<PendingField | null>(null)

  const topOf = (path: string) => path.split('.')[0] ?? path
  const fieldLabel = (path: string) => {
    const top = topOf(path)
    if (!(top in AGENT_FIELD_TABS)) return undefined
    return top === 'behavior' ? t('agentBehavior.editor.label') : t(`agentProfile.fields.${top}`)
  }
  /** The field's tab when it is not this one (a field here is named on its own). */
  const fieldTab = (path: string) => {
    const tab = AGENT_FIELD_TABS[topOf(path)]
    return tab && tab !== tabId ? { id: tab, label: t(`agentDetail.tabs.${tab}`) } : undefined
  }
  const focusSoon = (path: string) =>
    requestAnimationFrame(() => {
      if (root.value) focusField(root.value, path)
    })

  /** For `useDraftForm`'s `showField`: focus here, or go to the field's tab with its problem. */
  function showField(path: string, fieldTabId: string | undefined, problem?: string) {
    if (!fieldTabId || fieldTabId === tabId) focusSoon(path)
    else nav?.show({ path, from: t(`agentDetail.tabs.${tabId}`), ...(problem ? { problem } : {}) }, fieldTabId)
  }

  onMounted(() => {
    const pending = nav?.pending.value
    if (!pending || AGENT_FIELD_TABS[topOf(pending.path)] !== tabId) return
    nav.pending.value = null
    arrived.value = pending
    focusSoon(pending.path)
  })

  return { fieldLabel, fieldTab, showField, arrived }
}
