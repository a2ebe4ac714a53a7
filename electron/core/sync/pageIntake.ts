import { createHash } from 'node:crypto'
import type { Chat, ChatMessage } from '../../contract'
import { utf8 } from '../api/answerBody'
import { checkAnswer } from '../api/responseCheck'

/**
 * The sync's pages as the cache worker takes them in: the answer's bytes (transferred from the
 * main thread, which never parses them) are parsed and validated here with the endpoint's response
 * schema, cut to the page, and held until the run says what to do with them (write them, or drop
 * them: a repeated page, an abandoned probe). The run learns only what its paging needs.
 */

/** The list endpoints a sync pages through. */
export type SyncPageEndpoint = 'messages.list' | 'chats.list'

/** What the run's queue keeps of a chat of the list (the rest stays in the worker, to be saved). */
export interface ChatFacts {
  id: string
  time: number | null
  name: string | null
}

/**
 * What the run's paging needs of a page (see Pager): how many items were kept, the first one's id
 * and a digest of all their ids in order (a page the service sends again has the same digest).
 */
export interface PageShape {
  count: number
  firstId: string | undefined
  idsKey: string
}

/** A page taken in: its handle in the worker and its shape; for the chat list, its chats' facts. */
export interface PageFacts extends PageShape {
  held: number
  chats?: ChatFacts[]
}

/** A page's reading: taken (held in the worker), or refused by the contract, with why. */
export type PageReading = { taken: PageFacts } | { refused: string }

/** How a page is cut: to the page size asked (a service ignoring it), then to the room the list has left. */
export interface PageCut {
  pageSize: number
  keep: number
}

/** The digest of a page's ids in order; equal digests, the same ids in the same order. */
export function idsKeyOf(ids: readonly string[]): string {
  return createHash('sha1').update(JSON.stringify(ids)).digest('base64')
}

export function shapeOf(items: readonly { id: string }[]): PageShape {
  return { count: items.length, firstId: items[0]?.id, idsKey: idsKeyOf(items.map((i) => i.id)) }
}

/** Pages held at most at once: a run holds a few per chat it syncs, so more is a leak, said loudly. */
export const MAX_HELD_PAGES = 256

type Held = { endpoint: 'messages.list'; items: ChatMessage[] } | { endpoint: 'chats.list'; items: Chat[] }

export class PageIntake {
  private readonly held = new Map<number, Held>()
  private next = 1

  /** Parses and validates a page's bytes; a page the contract refuses is not held (nothing of it is kept). */
  read(endpoint: SyncPageEndpoint, bytes: ArrayBuffer, cut: PageCut): PageReading {
    const checked = checkAnswer(endpoint, utf8(new Uint8Array(bytes)))
    if (!checked.ok) return { refused: checked.message }
    if (this.held.size >= MAX_HELD_PAGES) throw new Error(`The cache worker holds ${MAX_HELD_PAGES} sync pages already`)
    // The contract's schema for both endpoints is an array; cut as the gateway's cutToPage would.
    const all = checked.data as { id: string }[]
    const items = all.slice(0, Math.max(0, Math.min(cut.pageSize, cut.keep)))
    const held = this.next++
    const facts: PageFacts = { held, ...shapeOf(items) }
    if (endpoint === 'chats.list') {
      const chats = items as Chat[]
      this.held.set(held, { endpoint, items: chats })
      facts.chats = chats.map((c) => ({
        id: c.id,
        time: typeof c.time === 'number' ? c.time : null,
        name: c.name ?? c.title ?? c.userName ?? null,
      }))
    } else this.held.set(held, { endpoint, items: items as ChatMessage[] })
    return { taken: facts }
  }

  /** A held page of messages, given up to be written (it is no longer held). */
  takeMessages(held: number): ChatMessage[] {
    const page = this.take(held, 'messages.list')
    if (page.endpoint !== 'messages.list') throw new Error(`Sync page ${held} is not a page of messages`)
    return page.items
  }

  /** A held page of the chat list, given up to be saved. */
  takeChats(held: number): Chat[] {
    const page = this.take(held, 'chats.list')
    if (page.endpoint !== 'chats.list') throw new Error(`Sync page ${held} is not a page of chats`)
    return page.items
  }

  /** Pages the run will not write (unknown handles are ignored: already written or dropped). */
  drop(handles: readonly number[]): void {
    for (const h of handles) this.held.delete(h)
  }

  get size(): number {
    return this.held.size
  }

  /** A held page of the endpoint, no longer held; a page of another endpoint stays held. */
  private take(held: number, endpoint: SyncPageEndpoint): Held {
    const page = this.held.get(held)
    if (!page) throw new Error(`Sync page ${held} is not held by the cache worker`)
    if (page.endpoint === endpoint) this.held.delete(held)
    return page
  }
}

/** A write of the sync naming a held page of messages instead of carrying it (see CacheServer.write). */
export interface HeldPageWrite {
  kind: 'held'
  chatId: string
  held: number
  resumePage: number | null
}
