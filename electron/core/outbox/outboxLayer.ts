import { randomUUID } from 'node:crypto'
import { OUTBOX_ON_ITS_WAY, outboxChannels, type OutboxEntry } from '../../contract/app/outbox'
import type { Profile } from '../../contract/app/profiles'
import { AppFailure, appError, type AppError } from '../../contract/app/result'
import type { EndpointName } from '../../contract/endpoints'
import type { ChatMessage } from '../../contract/resources/chat'
import type { CoreContext } from '../app'
import { againIfClosed } from '../cache/cacheClient'
import type { ProfileCache } from '../cache/profileCache'
import type { ApiGateway } from '../gateway'
import type { AppHandlers, ChannelContext } from '../router'
import { MemoryOutbox, type OutboxQueue } from './outboxQueue'
import { findCopy } from './reconcile'

/**
 * The outbox's sender: entries of the active profile go out oldest first. A take-over queued before
 * a message goes first because it was queued first; a chat whose entry cannot go now (refused, or
 * unsure whether it arrived) holds its later entries back, so the customer never sees them out of
 * order.
 *
 * Each entry is claimed just before its request (see `outboxQueue.ts`) and the request carries what
 * the claim returned, never a copy read earlier: an edit or a cancel either came first, or is refused
 * as "on its way". The chat's newest messages are read right before the claim (which also proves the
 * service answers, so a refused connection never counts as a try) and recorded with it: after an
 * answer that never came the entry is `unsure`, and it leaves that state only when reading the chat
 * back proves whether it arrived.
 */

export interface OutboxLayerDeps {
  cacheFor(profileId: string): Promise<ProfileCache>
  /** The outbox of a profile; default its cache's. When it cannot open, the outbox runs in memory. */
  outboxFor?(profileId: string): Promise<OutboxQueue>
  /** The network gateway (reads that must be fresh: the newest messages and the reconciliation). */
  network(): ApiGateway | undefined
  now?: () => number
  /** Between automatic tries while something waits (doubles up to 8x while nothing goes). */
  retryEveryMs?: number
  /** Messages per page read before a claim and while reconciling. */
  reconcilePageSize?: number
  /** Pages read back at most to reconcile one entry; past them the entry stays unsure. */
  reconcileMaxPages?: number
}

export interface OutboxLayer {
  channels(ctx: CoreContext & { gateway: ApiGateway }): AppHandlers<keyof typeof outboxChannels>
  /** Sends what is queued for the active profile now; resolves with how many went and how many are left. */
  flush(): Promise<{ sent: number; left: number }>
  dispose(): void
}

/** No answer came: the request may or may not have reached the service. */
const UNSURE = new Set<AppError['kind']>(['network', 'timeout', 'offline', 'server', 'bad_response', 'cancelled'])
/** The service cannot be reached: nothing else is tried in this run. */
const UNREACHABLE = new Set<AppError['kind']>(['network', 'timeout', 'offline'])
/** A read failed in a way that stops the whole run (no service, or a refused token); otherwise only its chat waits. */
const stopsRun = (e: AppError) => UNREACHABLE.has(e.kind) || e.kind === 'auth'

const endpointOf: Record<OutboxEntry['kind'], EndpointName> = {
  startHuman: 'chats.startHuman',
  stopHuman: 'chats.stopHuman',
  message: 'messages.send',
}

function errorOf(e: unknown): AppError {
  return e instanceof AppFailure ? e.error : appError('internal', e instanceof Error ? e.message : String(e))
}

function onItsWay(action: 'edited' | 'cancelled'): AppFailure {
  return new AppFailure(
    appError(
      'validation',
      `This message is already on its way (or may have arrived); it can no longer be ${action}. It is checked against the chat before anything else is sent there.`,
      { reason: OUTBOX_ON_ITS_WAY },
    ),
  )
}

/** Whether an unsure entry's try arrived; an error when the chat could not be read. */
type Reconciled = 'arrived' | 'absent' | 'undecided' | AppError

export function createOutboxLayer(deps: OutboxLayerDeps): OutboxLayer {
  const now = deps.now ?? Date.now
  const baseDelay = deps.retryEveryMs ?? 4_000
  const pageSize = deps.reconcilePageSize ?? 50
  const maxPages = deps.reconcileMaxPages ?? 400
  const openOutbox = deps.outboxFor ?? (async (profileId: string) => (await deps.cacheFor(profileId)).outbox)
  let ctx: (CoreContext & { gateway: ApiGateway }) | undefined
  let running: Promise<{ sent: number; left: number }> | null = null
  let again = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let delay = baseDelay
  let disposed = false
  const recovered = new WeakSet<OutboxQueue>()
  /** Sends the service accepted whose entry could not be removed yet (the offline copy failed): id to chat. */
  const accepted = new Map<string, string>()

  /** The last queue handed out per profile; each asking waits for the one before (one fallback, one recovery). */
  const queues = new Map<string, Promise<OutboxQueue | undefined>>()

  function queueOf(profile: Profile): Promise<OutboxQueue> {
    const before = queues.get(profile.id) ?? Promise.resolve(undefined)
    const next = before.then(async (previous) => {
      // Entries waiting in memory stay there for the session; an empty memory outbox tries the cache again.
      if (previous instanceof MemoryOutbox && previous.size > 0) return previous
      let queue: OutboxQueue
      try {
        queue = await openOutbox(profile.id)
      } catch (e) {
        // The app is closing: an outbox in memory would take a message and lose it with the process.
        if (e instanceof AppFailure && e.error.kind === 'cancelled') throw e
        // Sending must not depend on the offline copy: the same rules, in memory, said on screen.
        if (!(previous instanceof MemoryOutbox))
          console.warn(`[outbox] the profile's cache cannot open; the outbox is kept in memory: ${errorOf(e).message}`)
        queue = previous instanceof MemoryOutbox ? previous : new MemoryOutbox()
      }
      // After a restart nothing is on its way: an entry left "sending" is unsure until the chat is read.
      if (!recovered.has(queue)) {
        recovered.add(queue)
        await queue.recover()
      }
      return queue
    })
    queues.set(
      profile.id,
      next.catch(() => undefined),
    )
    return next
  }

  function changed(chatIds: Iterable<string>) {
    const ids = [...new Set(chatIds)]
    if (ids.length > 0) ctx?.emit('outbox.changed', { chatIds: ids })
  }

  function schedule(waiting: boolean) {
    if (timer) clearTimeout(timer)
    timer = undefined
    if (disposed || !waiting) return
    timer = setTimeout(() => void flush().catch(() => undefined), delay)
    timer.unref?.()
  }

  /** A page of the chat's messages, newest first, fresh from the service; an error when it cannot be read. */
  async function pageOf(profile: Profile, chatId: string, page: number): Promise<ChatMessage[] | AppError> {
    const network = deps.network() ?? ctx?.gateway
    if (!network) return appError('offline', 'No network')
    try {
      const answer = await network.run(profile, 'messages.list', { path: { chatId }, query: { page, pageSize } })
      ctx?.connectivity.recordOutcome({ ok: true })
      return answer.data as ChatMessage[]
    } catch (e) {
      const error = errorOf(e)
      ctx?.connectivity.recordOutcome({ ok: false, kind: error.kind })
      return error
    }
  }

  /** Proves whether an unsure entry's last try arrived, reading the chat back page by page. */
  async function reconcile(profile: Profile, queue: OutboxQueue, entry: OutboxEntry): Promise<Reconciled> {
    // A take-over or a return asked twice does no harm: nothing to prove.
    if (entry.kind !== 'message' || !entry.body || entry.lastAttemptAt === null) {
      await queue.markWaiting(entry.id)
      return 'absent'
    }
    const seen = await queue.seenOf(entry.id)
    const evidence = {
      seen: seen ? new Set(seen) : null,
      copies: new Set(await queue.copiesOf(entry.chatId)),
      lastAttemptAt: entry.lastAttemptAt,
    }
    const read: ChatMessage[] = []
    for (let page = 1; page <= maxPages; page++) {
      const messages = await pageOf(profile, entry.chatId, page)
      if (!Array.isArray(messages)) return messages
      read.push(...messages)
      const found = findCopy(entry.body, read, evidence)
      if (found.copy) {
        await queue.delivered(entry.id, found.copy.id)
        return 'arrived'
      }
      if (found.reachedBefore || messages.length < pageSize) {
        await queue.markWaiting(entry.id)
        return 'absent'
      }
    }
    return 'undecided'
  }

  /** The next entry to handle: oldest first, skipping chats held back by an entry that cannot go now. */
  function nextOf(entries: readonly OutboxEntry[], handled: ReadonlySet<string>): OutboxEntry | undefined {
    const held = new Set<string>()
    for (const e of entries) {
      if (held.has(e.chatId)) continue
      if (handled.has(e.id) || e.state === 'failed' || e.state === 'sending') {
        held.add(e.chatId)
        continue
      }
      return e
    }
    return undefined
  }

  /** One pass over the queue; what went is counted in `tally`, which a pass cut short still counts. */
  async function run(tally: { sent: number }): Promise<{ left: number }> {
    const c = ctx
    if (!c) return { left: 0 }
    const profile = await c.activeProfile()
    if (!profile || !profile.hasToken) return { left: 0 }
    const queue = await queueOf(profile)
    const touched = new Set<string>()
    let sent = 0
    for (const [id, chatId] of [...accepted]) {
      try {
        await queue.delivered(id)
        accepted.delete(id)
        touched.add(chatId)
      } catch {
        // Still cannot write: it stays held (never sent again) until it can.
      }
    }
    const handled = new Set<string>(accepted.keys())
    let stopped = false
    const went = () => {
      sent++
      tally.sent++
    }

    try {
      while (!disposed && !stopped) {
        const entry = nextOf(await queue.list(), handled)
        if (!entry) break
        handled.add(entry.id)
        if (entry.state === 'unsure') {
          const outcome = await reconcile(profile, queue, entry)
          touched.add(entry.chatId)
          if (outcome === 'arrived') went()
          // Unreadable: the service is down (nothing else goes now), or this chat cannot be read (it waits).
          if (typeof outcome === 'object' && stopsRun(outcome)) stopped = true
          if (outcome !== 'absent') continue
        }
        // The chat as it is now: what was there before this try can never be taken as its copy.
        const newest = await pageOf(profile, entry.chatId, 1)
        if (!Array.isArray(newest)) {
          // Never tried without this read (it also proves the service answers); the chat waits.
          if (stopsRun(newest)) stopped = true
          continue
        }
        const claimed = await queue.claim(
          entry.id,
          now(),
          newest.map((m) => m.id),
        )
        // Cancelled (or taken) since the list was read: nothing to send.
        if (!claimed) continue
        touched.add(claimed.chatId)
        changed([claimed.chatId])
        let failure: AppError | undefined
        try {
          await c.gateway.run(profile, endpointOf[claimed.kind], {
            path: { chatId: claimed.chatId },
            ...(claimed.kind === 'message' ? { body: claimed.body } : {}),
          })
        } catch (e) {
          failure = errorOf(e)
        }
        if (!failure) {
          // The service has it: sent, whatever happens to the offline copy now.
          went()
          try {
            await queue.delivered(claimed.id)
          } catch {
            accepted.set(claimed.id, claimed.chatId)
          }
          continue
        }
        if (failure.kind === 'auth') {
          // A refused token: the request was not carried out; the user is asked for a new one.
          await queue.markWaiting(claimed.id)
          stopped = true
        } else if (UNSURE.has(failure.kind)) {
          await queue.markUnsure(claimed.id)
          if (UNREACHABLE.has(failure.kind)) stopped = true
        } else {
          // Refused (validation, not found): kept with its text, to edit or cancel.
          await queue.markFailed(claimed.id, failure)
        }
      }
    } finally {
      // Said also when the pass was cut (the file closed under it): the page shows what went.
      changed(touched)
    }
    const left = (await queue.list()).filter((e) => e.state !== 'failed').length
    delay = sent > 0 || left === 0 ? baseDelay : Math.min(delay * 2, baseDelay * 8)
    schedule(left > 0)
    return { left }
  }

  /** One run at a time; a flush asked for meanwhile runs again after it, so nothing queued waits for the timer. */
  function flush(): Promise<{ sent: number; left: number }> {
    if (running) {
      again = true
      return running
    }
    running = (async () => {
      const tally = { sent: 0 }
      let left = 0
      do {
        again = false
        // A run cut by the offline copy closing (a clear) goes on with the file opened again:
        // what it had claimed and not settled is "sending" there, unsure until the chat is read.
        left = (await againIfClosed(() => run(tally))).left
      } while (again && !disposed)
      return { sent: tally.sent, left }
    })().finally(() => {
      running = null
    })
    return running
  }

  /**
   * The active profile's queue, for one call of the page. A call cut by the offline copy closing
   * under it (a clear) never reached the file, and runs again on the file opened anew, for the same
   * profile: asked again, it could be another (a removal switches profiles before closing the file).
   */
  async function withQueue<T>(channelCtx: ChannelContext, use: (queue: OutboxQueue) => Promise<T>): Promise<T> {
    const profile = await channelCtx.activeProfile()
    if (!profile) throw new AppFailure(appError('validation', 'Connect a profile first'))
    return againIfClosed(async () => use(await queueOf(profile)))
  }

  return {
    channels(coreCtx) {
      // Nothing runs until the renderer uses the outbox (it flushes once at start, after a restart,
      // and when the service is back): a core that never sends opens no cache for it.
      ctx = coreCtx
      return {
        'outbox.list': (parsed, channelCtx) =>
          withQueue(channelCtx, async (queue) => ({
            entries: await queue.list(parsed?.chatId),
            volatile: queue.volatile,
          })),
        'outbox.enqueue': async ({ chatId, kind, body }, channelCtx) => {
          if ((kind === 'message') !== (body !== undefined))
            throw new AppFailure(
              appError('validation', 'A message needs its body; a take-over or return has none', {
                fields: { body: kind === 'message' ? 'required' : 'invalid' },
              }),
            )
          const adding = { id: randomUUID(), chatId, kind, body, createdAt: now() }
          const entry = await withQueue(channelCtx, (queue) => queue.add(adding))
          changed([chatId])
          delay = baseDelay
          void flush().catch(() => undefined)
          return { entry }
        },
        'outbox.edit': async ({ id, body }, channelCtx) => {
          const outcome = await withQueue(channelCtx, (queue) => queue.edit(id, body))
          if ('refused' in outcome) {
            if (outcome.refused === 'on_its_way') throw onItsWay('edited')
            throw new AppFailure(
              appError(
                outcome.refused === 'gone' ? 'not_found' : 'validation',
                outcome.refused === 'gone'
                  ? 'This message is no longer waiting (it was sent or cancelled)'
                  : 'Only a message can be edited',
                { reason: 'outbox_not_editable' },
              ),
            )
          }
          changed([outcome.entry.chatId])
          void flush().catch(() => undefined)
          return { entry: outcome.entry }
        },
        'outbox.cancel': async ({ id }, channelCtx) => {
          const { before, outcome } = await withQueue(channelCtx, async (queue) => {
            const before = (await queue.list()).find((e) => e.id === id)
            return { before, outcome: await queue.cancel(id) }
          })
          if (outcome === 'on_its_way') throw onItsWay('cancelled')
          if (outcome === 'cancelled' && before) changed([before.chatId])
          return { cancelled: outcome === 'cancelled' }
        },
        'outbox.flush': async () => {
          delay = baseDelay
          return flush()
        },
      }
    },
    flush,
    dispose() {
      disposed = true
      if (timer) clearTimeout(timer)
    },
  }
}
