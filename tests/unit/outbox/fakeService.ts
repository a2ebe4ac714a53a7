import type { Profile } from '../../../electron/contract/app/profiles'
import { AppFailure, appError } from '../../../electron/contract/app/result'
import type { ChatMessage } from '../../../electron/contract/resources/chat'
import type { SendMessageInput } from '../../../electron/contract/resources/liveChat'
import type { CoreContext } from '../../../electron/core/app'
import { cacheApi, type CacheClient } from '../../../electron/core/cache/cacheClient'
import type { CacheServer } from '../../../electron/core/cache/cacheServer'
import type { ProfileCache } from '../../../electron/core/cache/profileCache'
import { createConnectivity } from '../../../electron/core/connectivity'
import type { ApiGateway } from '../../../electron/core/gateway'
import { createOutboxLayer, type OutboxLayerDeps } from '../../../electron/core/outbox/outboxLayer'
import { callHandler } from '../core/callHandler'

/**
 * A chat service in memory, synchronous, with the faults the outbox must survive: a send whose
 * answer is lost after it was carried out, a refusal (4xx), a failure before it reached the service
 * (5xx, network), an answer held back until the test releases it, and message lists whose pages
 * repeat an item (pages shift while new messages arrive).
 */

/** What happens to the next send: carried out and answered, or one of the faults. */
export type SendFault = 'ok' | 'lost' | 'refuse' | 'fail' | 'network' | 'hold'
/** How a held send ends. */
export type Release = Exclude<SendFault, 'hold'>

export interface Delivery {
  chatId: string
  body: SendMessageInput
}

interface Held {
  chatId: string
  name: string
  body?: SendMessageInput
  resolve: (v: { data: unknown; meta: { source: 'network'; fetchedAt: number } }) => void
  reject: (e: unknown) => void
}

export class FakeService {
  readonly chats = new Map<string, ChatMessage[]>()
  readonly humanTalk = new Set<string>()
  /** Every send carried out, in order (the customer's view). */
  readonly deliveries: Delivery[] = []
  /** Faults for the next sends, in order; `ok` when empty. */
  readonly plan: SendFault[] = []
  reachable = true
  /** List pages repeat the last item of the page before (offset paging while messages arrive). */
  drift = false
  /** Sends refused until the chat is taken over, like the real service. */
  requireTakeOver = false
  held: Held | undefined
  /** The next message list read waits until `releaseRead` (a late answer to a read). */
  holdNextRead = false
  private heldRead: { go: () => void; fail: (e: unknown) => void } | undefined
  private clock = 1_800_000_000_000
  private nextId = 1

  now = (): number => ++this.clock

  messagesOf(chatId: string): ChatMessage[] {
    let list = this.chats.get(chatId)
    if (!list) this.chats.set(chatId, (list = []))
    return list
  }

  customerSays(chatId: string, count = 1): void {
    for (let i = 0; i < count; i++)
      this.messagesOf(chatId).push({ id: `C${this.nextId++}`, time: this.now(), role: 'user', text: `pergunta ${i}` })
  }

  private apply(chatId: string, name: string, body?: SendMessageInput): void {
    if (name === 'chats.startHuman') this.humanTalk.add(chatId)
    else if (name === 'chats.stopHuman') this.humanTalk.delete(chatId)
    else if (name === 'messages.send' && body) {
      this.deliveries.push({ chatId, body })
      this.messagesOf(chatId).push({
        id: `M${this.nextId++}`,
        time: this.now(),
        role: 'assistant',
        type: body.image ? 'IMAGE' : 'TEXT',
        ...(body.image ? { imageUrl: `https://cdn.example/${this.nextId}.png` } : {}),
        ...(body.message !== undefined ? { text: body.message } : {}),
      })
    }
  }

  /** Ends the held send: carried out or not, and what the caller hears. */
  release(how: Release): void {
    const h = this.held
    if (!h) return
    this.held = undefined
    this.finish(h, how)
  }

  /** Answers the held read (with the chat as it is now), or fails it as a dropped connection. */
  releaseRead(ok = true): void {
    const r = this.heldRead
    this.heldRead = undefined
    if (!r) return
    if (ok) r.go()
    else r.fail(new AppFailure(appError('network', 'connection reset', { endpoint: 'messages.list' })))
  }

  /** The process died while the send was held: it reached the service or not, and nobody hears back. */
  abandonHeld(reached: boolean): void {
    this.releaseRead(false)
    const h = this.held
    if (!h) return
    this.held = undefined
    if (reached) this.apply(h.chatId, h.name, h.body)
    h.reject(new AppFailure(appError('network', 'the process is gone')))
  }

  private finish(h: Held, how: Release): void {
    const meta = { source: 'network' as const, fetchedAt: this.clock }
    if (how === 'ok' || how === 'lost') this.apply(h.chatId, h.name, h.body)
    if (how === 'ok') h.resolve({ data: { success: true }, meta })
    else if (how === 'lost') h.reject(new AppFailure(appError('timeout', 'no answer', { endpoint: h.name })))
    else if (how === 'refuse')
      h.reject(new AppFailure(appError('validation', 'refused', { endpoint: h.name, status: 400 })))
    else if (how === 'fail')
      h.reject(new AppFailure(appError('server', 'bad gateway', { endpoint: h.name, status: 502 })))
    else h.reject(new AppFailure(appError('network', 'connection reset', { endpoint: h.name })))
  }

  readonly gateway: ApiGateway = {
    run: (_profile, name, input) => {
      const i = input as { path?: { chatId?: string }; query?: { page?: number; pageSize?: number }; body?: unknown }
      const chatId = i.path?.chatId ?? ''
      if (!this.reachable)
        return Promise.reject(new AppFailure(appError('network', 'connection refused', { endpoint: name })))
      if (name === 'messages.list') {
        const page = i.query?.page ?? 1
        const size = i.query?.pageSize ?? 50
        const answer = () => {
          const newestFirst = [...this.messagesOf(chatId)].reverse()
          const start = (page - 1) * size
          const from = this.drift && page > 1 ? start - 1 : start
          return {
            data: newestFirst.slice(from, start + size),
            meta: { source: 'network' as const, fetchedAt: this.clock },
          }
        }
        if (!this.holdNextRead || this.heldRead) return Promise.resolve(answer())
        this.holdNextRead = false
        return new Promise((resolve, reject) => {
          this.heldRead = { go: () => resolve(answer()), fail: reject }
        })
      }
      const body = i.body as SendMessageInput | undefined
      if (this.requireTakeOver && name === 'messages.send' && !this.humanTalk.has(chatId))
        return Promise.reject(new AppFailure(appError('validation', 'take the chat over first', { status: 400 })))
      const fault = this.plan.shift() ?? 'ok'
      return new Promise((resolve, reject) => {
        const h: Held = { chatId, name, body, resolve, reject }
        if (fault === 'hold') this.held = h
        else this.finish(h, fault)
      })
    },
  }
}

export const PROFILE = { id: 'p1', hasToken: true } as Profile

/**
 * A profile cache whose every call runs on `server` in this thread (the app runs the same class in
 * its worker); `kill()` makes every call fail, as a process that is gone; `dieAfter(n)` lets n more
 * calls through and kills it at the next, which never runs (a crash between two steps of a send).
 */
export function inProcessCache(server: CacheServer): { cache: ProfileCache; kill(): void; dieAfter(n: number): void } {
  let dead = false
  let budget = Number.POSITIVE_INFINITY
  const client = {
    methods: server.methodNames(),
    call: async (method: Parameters<CacheServer['call']>[0], ...args: unknown[]) => {
      if (!dead && --budget < 0) dead = true
      if (dead) throw new Error('The cache is closed')
      return server.call(method, args as never)
    },
  } as unknown as CacheClient
  return {
    cache: { ...cacheApi(client), open: true } as unknown as ProfileCache,
    kill: () => {
      dead = true
    },
    dieAfter: (n) => {
      budget = n
    },
  }
}

export type ChannelName = 'outbox.list' | 'outbox.enqueue' | 'outbox.edit' | 'outbox.cancel' | 'outbox.flush'

/** The outbox layer as the app builds it, with its channels called like the renderer's windows do. */
export function outboxOn(
  deps: Omit<OutboxLayerDeps, 'network'> & { network?: OutboxLayerDeps['network'] },
  service: FakeService,
  events: string[][] = [],
) {
  const connectivity = createConnectivity(() => undefined)
  const layer = createOutboxLayer({
    network: () => service.gateway,
    retryEveryMs: 600_000,
    now: service.now,
    ...deps,
  })
  const ctx = {
    activeProfile: async () => PROFILE,
    emit: (_event: string, payload: { chatIds: string[] }) => events.push(payload.chatIds),
    connectivity,
    gateway: service.gateway,
  } as unknown as CoreContext & { gateway: ApiGateway }
  const channels = layer.channels(ctx)
  const channelCtx = { activeProfile: async () => PROFILE }
  const call = async <T>(name: ChannelName, input?: unknown) =>
    (await callHandler(channels, name, input, channelCtx)) as T
  return { layer, call }
}
