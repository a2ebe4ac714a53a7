import { ref, watch, type Ref } from 'vue'
import type { ChatMessage } from '@contract'
import { useDebounceFn } from '@/composables/useDebounceFn'
import { fold } from '@/domain/messageLinks'
import { useMessagesStore } from '@/stores/messages'
import type { ChatHistory } from '../timeline/chatHistory'

export interface ChatSearchHit {
  id: string
  time: number
}

/**
 * Search inside the open chat: over the offline copy when the chat reads from it (every cached
 * message), else over the messages loaded so far. Typing searches after a pause; Enter goes to the
 * next hit (older), Shift+Enter to the previous one; a newer query drops an older one's answer.
 */
export function useInChatSearch(opts: {
  chatId: string
  history: Ref<ChatHistory | null>
  loaded: Ref<readonly ChatMessage[]>
  /** Loads back to a hit and shows it. */
  show: (id: string, time: number | null) => Promise<unknown>
  /** Cleared when the search closes. */
  currentId: Ref<string | null>
}) {
  const store = useMessagesStore()
  const open = ref(false)
  const text = ref('')
  const hits = ref<ChatSearchHit[]>([])
  const hitIndex = ref(-1)
  const searching = ref(false)
  const scope = ref<'cache' | 'loaded'>('loaded')
  const appliedQuery = ref('')
  let seq = 0

  function close() {
    open.value = false
    text.value = ''
    hits.value = []
    hitIndex.value = -1
    appliedQuery.value = ''
    opts.currentId.value = null
  }

  const runLater = useDebounceFn(() => void run(), 300)
  watch(text, () => runLater())

  function searchLoaded(q: string): ChatSearchHit[] {
    const needle = fold(q)
    const l = opts.loaded.value
    const found: ChatSearchHit[] = []
    for (let i = l.length - 1; i >= 0; i--) {
      const m = l[i]!
      const hay = `${m.text ?? ''}\n${m.midiaContent ?? ''}\n${m.fileName ?? ''}`
      if (fold(hay).includes(needle)) found.push({ id: m.id, time: m.time })
    }
    return found
  }

  async function run() {
    const mine = ++seq
    const q = text.value.trim()
    appliedQuery.value = q
    if (!q) {
      hits.value = []
      hitIndex.value = -1
      return
    }
    searching.value = true
    let found: ChatSearchHit[] | null = null
    if (opts.history.value?.source.kind === 'cache') {
      const cached = await store.searchCached(opts.chatId, q)
      if (cached) {
        found = cached.map((h) => ({ id: h.messageId, time: h.time }))
        scope.value = 'cache'
      }
    }
    if (!found) {
      found = searchLoaded(q)
      scope.value = 'loaded'
    }
    if (mine !== seq) return
    searching.value = false
    hits.value = found
    hitIndex.value = found.length > 0 ? 0 : -1
    if (found.length > 0) await goToHit()
  }

  async function goToHit() {
    const hit = hits.value[hitIndex.value]
    if (hit) await opts.show(hit.id, hit.time)
  }
  /** Next goes back in time (older), like reading upwards from the newest. */
  function next() {
    if (hits.value.length === 0) return
    hitIndex.value = (hitIndex.value + 1) % hits.value.length
    void goToHit()
  }
  function previous() {
    if (hits.value.length === 0) return
    hitIndex.value = (hitIndex.value - 1 + hits.value.length) % hits.value.length
    void goToHit()
  }
  function onKey(e: KeyboardEvent) {
    if (e.key === 'Enter') {
      e.preventDefault()
      if (appliedQuery.value !== text.value.trim()) {
        runLater.cancel()
        void run()
      } else if (e.shiftKey) previous()
      else next()
    } else if (e.key === 'Escape') {
      e.preventDefault()
      close()
    }
  }

  return { open, text, hits, hitIndex, searching, scope, appliedQuery, close, next, previous, onKey }
}

export type InChatSearch = ReturnType<typeof useInChatSearch>
