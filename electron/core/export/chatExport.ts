import type { Chat, ChatMessage } from '../../contract'
import {
  chatExportChannels,
  type ChatExportInput,
  type ChatExportResult,
  type MessageCursor,
  type SyncedScope,
} from '../../contract/app'
import { AppFailure, appError } from '../../contract/app/result'
import { chatDisplayName } from '../../contract/chatName'
import { takePage } from '../../contract/paging'
import { compareTimes } from '../../contract/timestamps'
import type { AppHandlers, CoreCalls, Emit } from '../router'
import { StoppableRuns } from '../stoppableRuns'
import { transcriptHtml, transcriptJson } from './chatTranscript'

/** Writes a file the user picks in a save dialog (main); 'cancelled' when they close it. */
export type SaveFile = (file: {
  defaultName: string
  content: string
  /** png: `content` is the image in base64 (the insights' charts). */
  format: 'html' | 'json' | 'csv' | 'png'
}) => Promise<'saved' | 'cancelled'>

/** How a stopped export ends (its Cancel, or its window closed), whatever step it was at. */
export const exportCancelled = () => new AppFailure(appError('cancelled', 'The export was cancelled'))

export interface ChatExportDeps {
  /** The core's own calls: the cache's channels and the API, as the renderer would call them. */
  core: CoreCalls
  saveFile?: SaveFile
  emit: Emit
  now?: () => number
}

/** The largest page either source gives; an export reads the whole history, so fewer, bigger requests. */
export const EXPORT_PAGE_SIZE = 500

type Source = 'cache' | 'service'

/** `Maria Silva` → `maria-silva`; keeps letters of any script, drops what file systems dislike. */
export function fileSlug(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
  return slug || 'chat'
}

export function exportFileName(chat: Parameters<typeof chatDisplayName>[0], format: 'html' | 'json', now: number) {
  const day = new Date(now).toISOString().slice(0, 10)
  return `chat-${fileSlug(chatDisplayName(chat))}-${day}.${format}`
}

/** The chat's history is all in the cache when its whole workspace, or its agent, was synced to the end. */
export function cacheCovers(scopes: readonly SyncedScope[], agentId: string | null | undefined): boolean {
  return scopes.some((s) => s.lastState === 'done' && (s.agentId === null || (!!agentId && s.agentId === agentId)))
}

/**
 * `chats.export` and `chats.exportCancel`: gathers every message of a chat (oldest first in the
 * file), one request at a time, reporting progress, stoppable between pages.
 */
export function createChatExportHandlers(deps: ChatExportDeps): AppHandlers<keyof typeof chatExportChannels> {
  const now = deps.now ?? Date.now
  const running = new StoppableRuns('This export is already running', exportCancelled)

  async function cacheIsComplete(chat: Chat, signal: AbortSignal): Promise<boolean> {
    try {
      const status = await deps.core.call('sync.status', undefined, { signal })
      return cacheCovers(status.scopes, chat.agentId)
    } catch (err) {
      // No answer about the cache (off, unreadable, no profile): the service has the history.
      if (err instanceof AppFailure) return false
      throw err
    }
  }

  async function fromCache(input: ChatExportInput, signal: AbortSignal): Promise<ChatMessage[]> {
    const newestFirst: ChatMessage[] = []
    let before: MessageCursor | undefined
    for (;;) {
      if (signal.aborted) throw exportCancelled()
      const page = await deps.core.call(
        'messages.page',
        { chatId: input.chatId, limit: EXPORT_PAGE_SIZE, ...(before ? { before } : {}) },
        { signal },
      )
      for (const m of page.messages) newestFirst.push(m)
      progress(input, newestFirst.length, 'cache')
      if (!page.next) break
      before = page.next
    }
    return newestFirst.reverse()
  }

  async function fromService(input: ChatExportInput, signal: AbortSignal): Promise<ChatMessage[]> {
    const seen = new Set<string>()
    const newestFirst: ChatMessage[] = []
    for (let page = 1; ; page++) {
      if (signal.aborted) throw exportCancelled()
      const items = await deps.core.endpoint(
        'messages.list',
        { path: { chatId: input.chatId }, query: { page, pageSize: EXPORT_PAGE_SIZE } },
        { signal },
      )
      // New messages arriving while we page shift the pages: what was seen already is skipped.
      const { fresh, more } = takePage(items, seen, (m) => m.id, EXPORT_PAGE_SIZE)
      newestFirst.push(...fresh)
      progress(input, newestFirst.length, 'service')
      if (!more) break
    }
    return newestFirst.sort((a, b) => compareTimes(a.time, b.time) || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  }

  function progress(input: ChatExportInput, messages: number, source: Source) {
    deps.emit('chats.exportProgress', { exportId: input.exportId, chatId: input.chatId, messages, source })
  }

  return {
    'chats.export': (input, ctx): Promise<ChatExportResult> =>
      running.run(input.exportId, ctx.signal, async (controller) => {
        const chat: Chat = { ...(input.chat ?? {}), id: input.chatId }
        let source: Source = 'service'
        let messages: ChatMessage[] = []
        if (await cacheIsComplete(chat, controller.signal)) {
          messages = await fromCache(input, controller.signal)
          source = 'cache'
        }
        // A synced scope that never held this chat (a newer chat) leaves the cache empty for it.
        if (messages.length === 0) {
          messages = await fromService(input, controller.signal)
          source = 'service'
        }
        if (controller.signal.aborted) throw exportCancelled()
        const at = now()
        const content =
          input.format === 'html'
            ? transcriptHtml(chat, messages, {
                locale: input.locale,
                timeZone: input.timeZone,
                labels: input.labels,
                now: at,
              })
            : transcriptJson(chat, messages, at)
        const fileName = exportFileName(chat, input.format, at)
        const mimeType = input.format === 'html' ? 'text/html' : 'application/json'
        const base = { fileName, mimeType, messages: messages.length, source }
        if (!deps.saveFile) return { ...base, outcome: 'content', content }
        const outcome = await deps.saveFile({ defaultName: fileName, content, format: input.format })
        return { ...base, outcome }
      }),
    'chats.exportCancel': async ({ exportId }) => ({ cancelled: running.stop(exportId) }),
  }
}
