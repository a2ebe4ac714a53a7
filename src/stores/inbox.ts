import { defineStore } from 'pinia'
import { ref } from 'vue'
import { InboxFilter, type AppError, type Chat, type InboxCounts, type InboxCursor } from '@contract'
import { useDeskApi } from '@/api'
import { onProfileChange } from './onProfileChange'
import { useSessionStore } from './session'

/** Where the inbox's choice (view, agent, channel) is kept: in the active profile's encrypted cache. */
export const INBOX_CHOICE_KEY = 'inbox:choice'
const PAGE = 50

/**
 * The inbox: the view and filters the operator chose, kept per profile (in the profile's
 * encrypted cache through the drafts channel, never in localStorage), and, when the chat list is in
 * the offline copy, every cached chat of the view from the cache worker with the count of each
 * view. `covered` false: the copy does not hold the chat list, and the list filters the service's
 * pages instead.
 */
export const useInboxStore = defineStore('inbox', () => {
  const session = useSessionStore()
  const choice = ref<InboxFilter>(InboxFilter.parse({}))
  /** Whether the choice was read back for the active profile (the list waits for it once). */
  const choiceLoaded = ref(false)
  const covered = ref<boolean | null>(null)
  const chats = ref<Chat[]>([])
  const counts = ref<InboxCounts | null>(null)
  const channels = ref<string[]>([])
  const next = ref<InboxCursor | null>(null)
  const loading = ref(false)
  const error = ref<AppError | null>(null)
  const query = ref('')
  let seq = 0

  async function loadChoice(): Promise<void> {
    const asked = session.activeProfileId
    const r = await useDeskApi().drafts.load({ key: INBOX_CHOICE_KEY })
    if (asked !== session.activeProfileId) return
    const stored = r.ok && r.data.found ? InboxFilter.safeParse(r.data.value) : null
    choice.value = stored?.success ? stored.data : InboxFilter.parse({})
    choiceLoaded.value = true
  }

  function choose(patch: Partial<InboxFilter>): void {
    choice.value = { ...choice.value, ...patch }
    if (session.activeProfileId) void useDeskApi().drafts.save({ key: INBOX_CHOICE_KEY, value: choice.value })
    void load()
  }

  /**
   * The view's first page (or, with `keep`, as many rows as are shown, so a refresh updates them in
   * place); `more` appends the next page. An answer overtaken by a newer ask is dropped.
   */
  async function load(mode: 'first' | 'keep' | 'more' = 'first'): Promise<void> {
    if (!session.activeProfileId) return
    if (mode === 'more' && !next.value) return
    const mine = ++seq
    loading.value = true
    const limit = mode === 'keep' ? Math.min(500, Math.max(PAGE, chats.value.length)) : PAGE
    const r = await useDeskApi().inbox.list({
      ...choice.value,
      limit,
      ...(query.value.trim() ? { query: query.value.trim() } : {}),
      ...(mode === 'more' && next.value ? { before: next.value } : {}),
    })
    if (mine !== seq) return
    loading.value = false
    if (!r.ok) {
      error.value = r.error
      return
    }
    error.value = null
    covered.value = r.data.covered
    counts.value = r.data.counts
    channels.value = r.data.channels
    chats.value = mode === 'more' ? [...chats.value, ...r.data.chats] : r.data.chats
    next.value = r.data.next
  }

  // Another profile: its own choice and its own copy.
  onProfileChange(() => {
    seq++
    choiceLoaded.value = false
    covered.value = null
    chats.value = []
    counts.value = null
    next.value = null
    query.value = ''
  })

  return {
    choice,
    choiceLoaded,
    covered,
    chats,
    counts,
    channels,
    next,
    loading,
    error,
    query,
    loadChoice,
    choose,
    load,
  }
})
