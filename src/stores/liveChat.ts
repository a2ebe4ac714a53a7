import { defineStore } from 'pinia'
import { ref, watch } from 'vue'
import {
  OUTBOX_ON_ITS_WAY,
  type AppError,
  type Chat,
  type OutboxEntry,
  type OutboxKind,
  type Result,
  type SendMessageInput,
} from '@contract'
import { useDeskApi } from '@/api'
import { defineChannelRead } from '@/query/channelRead'
import { runWrite } from '@/query/endpointWrite'
import { useChatsStore } from './chats'
import { useSessionStore } from './session'

/**
 * Operators on live chats: take over and return, the outbox of what they send (kept
 * in main's encrypted cache until the service has it), edits and deletions, and per-chat drafts.
 * Every send goes through the outbox, online or not, so there is one path: queued, "waiting to
 * send", sent in order exactly once, or refused with its text kept.
 */

export interface ComposerDraft {
  text: string
  replyTo?: { id: string; text: string; kind?: string }
  media?: { kind: 'image' | 'audio' | 'video' | 'document'; url: string; name?: string; mimetype?: string }
}

/**
 * A plain copy of a draft, field by field: a draft read from a component or a store is a reactive
 * proxy, which `structuredClone` and IPC refuse (DataCloneError), and which would tie the two together.
 */
export function plainDraft(d: ComposerDraft): ComposerDraft {
  return {
    text: d.text,
    ...(d.replyTo ? { replyTo: { ...d.replyTo } } : {}),
    ...(d.media ? { media: { ...d.media } } : {}),
  }
}

type OutboxAnswer = { entries: OutboxEntry[]; volatile: boolean }

const idsOf = (a: OutboxAnswer | undefined) => new Set((a?.entries ?? []).map((e) => e.id))
/** Entries kept before and not after. */
const leftBetween = (before: OutboxAnswer | undefined, after: OutboxAnswer) => {
  const still = idsOf(after)
  return (before?.entries ?? []).filter((e) => !still.has(e.id))
}

export const useLiveChatStore = defineStore('liveChat', () => {
  const drafts = ref<Record<string, ComposerDraft>>({})
  /** Told when an entry of a chat was sent (the view reads its newest messages again). */
  const sentListeners = new Set<(chatId: string) => void>()
  let subscribed = false
  let unsubscribers: (() => void)[] = []
  /**
   * Take-overs and returns queued here, by chat, until a read shows them gone. A read that showed
   * one queued may be overtaken by a newer one before it lands, so the kept answer alone can miss it
   * leaving, and then the lists would never be read again once the service has it.
   */
  const asked = new Map<string, OutboxEntry[]>()
  const askedKey = (chatId: string) => `${useSessionStore().activeProfileId ?? ''}:${chatId}`

  const run = <T>(call: () => Promise<Result<T>>) => useSessionStore().runAuthorized(call)

  /**
   * A chat's outbox as main keeps it (queued entries, oldest first, and whether they live only in
   * main's memory because the profile's cache is off), declared on the query layer. What leaving it
   * means: a take-over or return that left made the service state what was asked; an entry gone
   * from one read to the next (sent, not cancelled here) means the chat has something new.
   */
  const outboxRead = defineChannelRead({
    name: 'outbox.list',
    key: (chatId: string) => chatId,
    read: (chatId: string) => useDeskApi().outbox.list({ chatId }),
    onChange(chatId, before, after: OutboxAnswer, how) {
      const left = leftBetween(before, after)
      const still = idsOf(after)
      const key = askedKey(chatId)
      const mine = asked.get(key) ?? []
      asked.set(
        key,
        mine.filter((e) => still.has(e.id)),
      )
      // Cancelled here ('update'): not carried out, so only what a read finds gone counts.
      const unseen = how === 'read' ? mine.filter((e) => !still.has(e.id) && !left.some((l) => l.id === e.id)) : []
      const changes = [...left, ...unseen].sort((a, b) => a.createdAt - b.createdAt)
      for (const e of changes) if (e.kind !== 'message') setHumanTalk(chatId, e.kind === 'startHuman')
      if (how === 'read' && left.length > 0) for (const tell of sentListeners) tell(chatId)
    },
  })

  /** Queued entries of a chat, oldest first. */
  const outboxOf = (chatId: string): OutboxEntry[] => outboxRead.data(chatId)?.entries ?? []
  /** The profile's cache is off: what waits is kept in main's memory and lost when the app quits. */
  const outboxVolatile = (chatId: string): boolean => outboxRead.data(chatId)?.volatile ?? false

  async function refresh(chatId: string): Promise<void> {
    await outboxRead.refresh(chatId)
  }

  /** Calls `tell` when an entry of a chat was sent; returns a function that stops it. */
  function onSent(tell: (chatId: string) => void): () => void {
    sentListeners.add(tell)
    return () => sentListeners.delete(tell)
  }

  /** Listens to the outbox and to the service coming back; sends what waits from before (a restart). */
  function subscribe(): void {
    if (subscribed) return
    subscribed = true
    const api = useDeskApi()
    unsubscribers = [
      api.on('outbox.changed', ({ chatIds }) => {
        for (const id of chatIds) void refresh(id)
      }),
    ]
    const session = useSessionStore()
    watch(
      () => session.connectivity.online,
      (online) => {
        if (online) void api.outbox.flush()
      },
    )
    void api.outbox.flush()
  }

  function unsubscribe(): void {
    for (const off of unsubscribers) off()
    unsubscribers = []
  }

  async function enqueue(chatId: string, kind: OutboxKind, body?: SendMessageInput): Promise<Result<OutboxEntry>> {
    subscribe()
    const r = await run(() => useDeskApi().outbox.enqueue({ chatId, kind, ...(body ? { body } : {}) }))
    // Kept before the read below starts, which drops any older read still under way.
    if (r.ok && kind !== 'message') asked.set(askedKey(chatId), [...(asked.get(askedKey(chatId)) ?? []), r.data.entry])
    await refresh(chatId)
    return r.ok ? { ok: true, data: r.data.entry, meta: r.meta } : r
  }

  /** The state the header shows: the service's, or the one a queued take-over / return will make. */
  function answeringHuman(chat: Pick<Chat, 'id' | 'humanTalk'>): { human: boolean; pending: boolean } {
    const queued = outboxOf(chat.id).filter((e) => e.kind !== 'message')
    const last = queued[queued.length - 1]
    if (last) return { human: last.kind === 'startHuman', pending: true }
    return { human: !!chat.humanTalk, pending: false }
  }

  const setHumanTalk = (chatId: string, human: boolean) => useChatsStore().setHumanTalk(chatId, human)

  /** Queued (or already sent): the chat is shown as asked; a refusal stays in the outbox, said there. */
  async function takeOver(chatId: string) {
    const r = await enqueue(chatId, 'startHuman')
    if (r.ok) setHumanTalk(chatId, true)
    return r
  }

  async function returnToAi(chatId: string) {
    const r = await enqueue(chatId, 'stopHuman')
    if (r.ok) setHumanTalk(chatId, false)
    return r
  }

  function send(chatId: string, body: SendMessageInput) {
    return enqueue(chatId, 'message', body)
  }

  async function editQueued(id: string, chatId: string, body: SendMessageInput): Promise<Result<OutboxEntry>> {
    const r = await run(() => useDeskApi().outbox.edit({ id, body }))
    await refresh(chatId)
    return r.ok ? { ok: true, data: r.data.entry, meta: r.meta } : r
  }

  /**
   * Cancels a queued entry. `onItsWay`: the service may already have it (it is being sent, or was
   * tried and not yet checked), so it was not cancelled; `gone`: it left the outbox meanwhile (sent).
   */
  async function cancelQueued(id: string, chatId: string): Promise<'cancelled' | 'onItsWay' | 'gone' | AppError> {
    const r = await useDeskApi().outbox.cancel({ id })
    if (r.ok && r.data.cancelled)
      // Removed here on purpose: not a send, so no reload of the chat.
      outboxRead.update(chatId, (kept) => ({
        entries: (kept?.entries ?? []).filter((e) => e.id !== id),
        volatile: kept?.volatile ?? false,
      }))
    await refresh(chatId)
    if (r.ok) return r.data.cancelled ? 'cancelled' : 'gone'
    return r.error.reason === OUTBOX_ON_ITS_WAY ? 'onItsWay' : r.error
  }

  /** A copy the caller may change: the store's own draft is not the composer's open one. */
  function draftOf(chatId: string): ComposerDraft {
    const kept = drafts.value[chatId]
    return kept ? plainDraft(kept) : { text: '' }
  }

  function saveDraft(chatId: string, draft: ComposerDraft) {
    drafts.value = { ...drafts.value, [chatId]: plainDraft(draft) }
  }

  function clearDraft(chatId: string) {
    const { [chatId]: _gone, ...rest } = drafts.value
    drafts.value = rest
  }

  // Main's write path makes the offline copy follow a confirmed edit or deletion (offlineCopy.ts).
  const editMessage = (chatId: string, messageId: string, text: string): Promise<Result<unknown>> =>
    runWrite('messages.update', { path: { chatId, messageId }, body: { message: text } })

  const deleteMessage = (chatId: string, messageId: string): Promise<Result<unknown>> =>
    runWrite('messages.delete', { path: { chatId, messageId } })

  const clearMessages = (chatId: string): Promise<Result<unknown>> => runWrite('messages.clear', { path: { chatId } })

  // The lists drop it by themselves: a chat's deletion affects them (the endpoint table says so).
  const deleteChat = (chatId: string): Promise<Result<unknown>> => runWrite('chats.delete', { path: { chatId } })

  return {
    outboxOf,
    outboxVolatile,
    onSent,
    drafts,
    subscribe,
    unsubscribe,
    refresh,
    answeringHuman,
    takeOver,
    returnToAi,
    send,
    editQueued,
    cancelQueued,
    draftOf,
    saveDraft,
    clearDraft,
    editMessage,
    deleteMessage,
    clearMessages,
    deleteChat,
  }
})
