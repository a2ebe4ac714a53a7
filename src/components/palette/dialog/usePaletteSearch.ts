import { computed, ref, watch, type Ref } from 'vue'
import { useI18n } from 'vue-i18n'
import { useRouter } from 'vue-router'
import type { Agent, Chat, Contact } from '@contract'
import { chatDisplayName } from '@contract/chatName'
import { useDebounceFn } from '@/composables/useDebounceFn'
import { rankFound, type PaletteItem, type PaletteKind } from '@/composables/useCommandPalette'
import { useEndpointQuery } from '@/query/endpointQuery'
import { useContactsStore } from '@/stores/contacts'
import { useSessionStore } from '@/stores/session'

const SEARCH_DELAY_MS = 200
const PER_GROUP = 5

export type FoundKind = Exclude<PaletteKind, 'command'>

/**
 * What the palette finds on the service as the user types: agents, chats and contacts whose name
 * matches, a few of each, read through the query layer after a short pause (a newer text replaces
 * the reads under way; an empty text asks nothing).
 */
export function usePaletteSearch(text: Ref<string>) {
  const { t, te } = useI18n()
  const router = useRouter()
  const session = useSessionStore()
  const contacts = useContactsStore()

  /** The text asked for, after the pause. */
  const asked = ref('')
  const askLater = useDebounceFn((q: string) => (asked.value = q), SEARCH_DELAY_MS)
  watch(text, (value) => {
    askLater.cancel()
    asked.value = ''
    const q = value.trim()
    if (q && session.activeProfile) askLater(q)
  })

  const workspaceId = () => session.activeProfile?.workspaceId
  const agents = useEndpointQuery('agents.list', () => {
    const w = workspaceId()
    return w && asked.value
      ? { path: { workspaceId: w }, query: { page: 1, pageSize: PER_GROUP, query: asked.value } }
      : null
  })
  const chats = contacts.searchChats(workspaceId, asked, PER_GROUP)
  const people = contacts.search(workspaceId, asked, PER_GROUP)
  const reads = [agents, chats, people]

  function jump(name: string, params: Record<string, string>, fallback: string) {
    return () => {
      if (router.hasRoute(name)) void router.push({ name, params })
      else void router.push(fallback)
    }
  }
  const agentItem = (a: Agent): PaletteItem => ({
    id: `agent:${a.id}`,
    kind: 'agent',
    label: a.name || t('palette.noName'),
    detail: a.type ? (te(`agents.goal.${a.type}`) ? t(`agents.goal.${a.type}`) : a.type) : undefined,
    run: jump('agent-detail', { agentId: a.id }, `/agents/${encodeURIComponent(a.id)}`),
  })
  const chatItem = (c: Chat): PaletteItem => ({
    id: `chat:${c.id}`,
    kind: 'chat',
    label: chatDisplayName(c),
    detail: [c.agentName, c.recipient].filter(Boolean).join(' · ') || undefined,
    run: jump('chat', { chatId: c.id }, `/chats/${encodeURIComponent(c.id)}`),
  })
  const contactItem = (c: Contact): PaletteItem => ({
    id: `contact:${c.id}`,
    kind: 'contact',
    label: c.name || c.phone || t('palette.noName'),
    detail: [c.phone, c.email].filter(Boolean).join(' · ') || undefined,
    run: jump('contact-detail', { contactId: c.id }, `/contacts/${encodeURIComponent(c.id)}`),
  })

  /** Waiting for the pause or for an answer of the current text. */
  const searching = computed(
    () =>
      !!text.value.trim() &&
      !!session.activeProfile &&
      (asked.value !== text.value.trim() ||
        reads.some((r) => r.isLoading.value || (r.data.value === undefined && !r.error.value))),
  )
  const rank = <T>(data: T[] | undefined, item: (x: T) => PaletteItem) =>
    searching.value || !data ? [] : rankFound(asked.value, data.slice(0, PER_GROUP).map(item))
  const found = computed<Record<FoundKind, PaletteItem[]>>(() => ({
    agent: rank(agents.data.value, agentItem),
    chat: rank(chats.data.value, chatItem),
    contact: rank(people.data.value, contactItem),
  }))
  /** Why a group could not be searched (the first refusal, in words). */
  const failure = computed(() => {
    if (searching.value) return undefined
    const error = reads.find((r) => r.error.value)?.error.value
    return error ? t(`common.errorKind.${error.kind}`) : undefined
  })

  return { found, searching, failure }
}
