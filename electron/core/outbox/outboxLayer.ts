import { randomUUID } from 'node:crypto'
import { outboxChannels, type OutboxEntry } from '../../contract/app/outbox'
import type { Profile } from '../../contract/app/profiles'
import { AppFailure, appError, type AppError } from '../../contract/app/result'
import type { EndpointName } from '../../contract/endpoints'
import type { ChatMessage } from '../../contract/resources/chat'
import type { CoreContext } from '../app'
import type { ProfileCache } from '../cache/profileCache'
import type { ApiGateway } from '../gateway'
import type { ChannelContext, ChannelHandler } from '../router'
import { sentCopyOf } from './reconcile'

/**
 * The outbox's sender: entries of the active profile go out oldest first. A take-over queued before
 * a message goes first because it was queued first; a chat whose entry cannot go now (refused, or
 * unsure whether it arrived) holds its later entries back, so the customer never sees them out of
 * order. Each run first proves the service answers with a cheap read, so a message is only ever
 * "tried" when the service answered a moment before.
 */

export interface OutboxLayerDeps {
  cacheFor(profileId: string): Promise<ProfileCache>
  /** The network gateway (reads that must be fresh: the probe and the reconciliation). */
  network(): ApiGateway | undefined
  now?: () => number
  /** Between automatic tries while something waits (doubles up to 8x while nothing goes). */
  retryEveryMs?: number
  /** Messages read to reconcile an entry whose answer never came. */
  reconcilePageSize?: number
}

export interface OutboxLayer {
  channels(ctx: CoreContext & { gateway: ApiGateway }): Record<keyof typeof outboxChannels, ChannelHandler>
  /** Sends what is queued for the active profile now; resolves with how many went and how many are left. */
  flush(): Promise<{ sent: number; left: number }>
  dispose(): void
}

/** No answer came: the request may or may not have reached the service. */
const UNSURE = new Set<AppError['kind']>(['network', 'timeout', 'offline', 'server', 'bad_response', 'cancelled'])

const endpointOf: Record<OutboxEntry['kind'], EndpointName> = {
  startHuman: 'chats.startHuman',
  stopHuman: 'chats.stopHuman',
  message: 'messages.send',
}

function errorOf(e: unknown): AppError {
  return e instanceof AppFailure ? e.error : appError('internal', e instanceof Error ? e.message : String(e))
}

export function createOutboxLayer(deps: OutboxLayerDeps): OutboxLayer {
  const now = deps.now ?? Date.now
  const baseDelay = deps.retryEveryMs ?? 4_000
  let ctx: (CoreContext & { gateway: ApiGateway }) | undefined
  let running: Promise<{ sent: number; left: number }> | null = null
  let timer: ReturnType<typeof setTimeout> | undefined
  let delay = baseDelay
  let disposed = false
  const recovered = new Set<string>()

  async function cacheOf(profile: Profile): Promise<ProfileCache> {
    const cache = await deps.cacheFor(profile.id)
    // After a restart nothing is on its way: an entry left "sending" waits again (and is reconciled).
    if (!recovered.has(profile.id)) {
      recovered.add(profile.id)
      await cache.outbox.recover()
    }
    return cache
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

  /** The chat's newest messages, fresh from the service; null when it cannot be reached. */
  async function recentOf(profile: Profile, chatId: string): Promise<ChatMessage[] | null> {
    const network = deps.network() ?? ctx?.gateway
    if (!network) return null
    try {
      const answer = await network.run(profile, 'messages.list', {
        path: { chatId },
        query: { page: 1, pageSize: deps.reconcilePageSize ?? 50 },
      })
      ctx?.connectivity.recordOutcome({ ok: true })
      return answer.data as ChatMessage[]
    } catch (e) {
      const error = errorOf(e)
      ctx?.connectivity.recordOutcome({ ok: false, kind: error.kind })
      return null
    }
  }

  async function run(): Promise<{ sent: number; left: number }> {
    const c = ctx
    if (!c) return { sent: 0, left: 0 }
    const profile = await c.activeProfile()
    if (!profile || !profile.hasToken) return { sent: 0, left: 0 }
    const cache = await cacheOf(profile)
    const entries = await cache.outbox.list()
    const held = new Set<string>()
    const touched = new Set<string>()
    const claimed = new Map<string, Set<string>>()
    let sent = 0
    // Proven by an answer in this run: until then, a read probes the service before anything is tried,
    // so a refused connection never counts as a try (and the entry stays editable).
    let reachable = false
    let stopped = false

    for (const entry of entries) {
      if (disposed || stopped) break
      if (entry.state === 'failed' || held.has(entry.chatId)) {
        held.add(entry.chatId)
        continue
      }
      // Unsure whether an earlier try arrived: read the chat first, and send only if it did not.
      let recent: ChatMessage[] | null = null
      if (entry.kind === 'message' && entry.attempts > 0) {
        recent = await recentOf(profile, entry.chatId)
        if (recent === null) {
          stopped = true
          break
        }
        reachable = true
        const mine = claimed.get(entry.chatId) ?? new Set<string>()
        claimed.set(entry.chatId, mine)
        if (sentCopyOf(entry, recent, mine)) {
          await cache.outbox.remove(entry.id)
          touched.add(entry.chatId)
          sent++
          continue
        }
      }
      if (!reachable) {
        if ((await recentOf(profile, entry.chatId)) === null) {
          stopped = true
          break
        }
        reachable = true
      }
      await cache.outbox.markSending(entry.id, now())
      touched.add(entry.chatId)
      changed([entry.chatId])
      try {
        await c.gateway.run(profile, endpointOf[entry.kind], {
          path: { chatId: entry.chatId },
          ...(entry.kind === 'message' ? { body: entry.body } : {}),
        })
        await cache.outbox.remove(entry.id)
        reachable = true
        sent++
      } catch (e) {
        const error = errorOf(e)
        if (error.kind === 'auth') {
          // A refused token: the user is asked for a new one; everything waits untouched.
          await cache.outbox.markWaiting(entry.id)
          stopped = true
        } else if (UNSURE.has(error.kind)) {
          await cache.outbox.markWaiting(entry.id)
          held.add(entry.chatId)
          if (error.kind === 'network' || error.kind === 'timeout' || error.kind === 'offline') stopped = true
        } else {
          // Refused (validation, not found): kept with its text, to edit or cancel.
          await cache.outbox.markFailed(entry.id, error)
          held.add(entry.chatId)
        }
      }
    }
    changed(touched)
    const left = (await cache.outbox.list()).filter((e) => e.state !== 'failed').length
    delay = sent > 0 || left === 0 ? baseDelay : Math.min(delay * 2, baseDelay * 8)
    schedule(left > 0)
    return { sent, left }
  }

  function flush(): Promise<{ sent: number; left: number }> {
    running ??= run().finally(() => {
      running = null
    })
    return running
  }

  async function requireActive(channelCtx: ChannelContext): Promise<Profile> {
    const profile = await channelCtx.activeProfile()
    if (!profile) throw new AppFailure(appError('validation', 'Connect a profile first'))
    return profile
  }

  return {
    channels(coreCtx) {
      // Nothing runs until the renderer uses the outbox (it flushes once at start, after a restart,
      // and when the service is back): a core that never sends opens no cache for it.
      ctx = coreCtx
      return {
        'outbox.list': async (input, channelCtx) => {
          const parsed = outboxChannels['outbox.list'].input.parse(input)
          const cache = await cacheOf(await requireActive(channelCtx))
          return { entries: await cache.outbox.list(parsed?.chatId) }
        },
        'outbox.enqueue': async (input, channelCtx) => {
          const { chatId, kind, body } = outboxChannels['outbox.enqueue'].input.parse(input)
          if ((kind === 'message') !== (body !== undefined))
            throw new AppFailure(
              appError('validation', 'A message needs its body; a take-over or return has none', {
                fields: { body: kind === 'message' ? 'required' : 'invalid' },
              }),
            )
          const cache = await cacheOf(await requireActive(channelCtx))
          const entry = await cache.outbox.add({ id: randomUUID(), chatId, kind, body, createdAt: now() })
          changed([chatId])
          delay = baseDelay
          void flush().catch(() => undefined)
          return { entry }
        },
        'outbox.edit': async (input, channelCtx) => {
          const { id, body } = outboxChannels['outbox.edit'].input.parse(input)
          const cache = await cacheOf(await requireActive(channelCtx))
          const entry = await cache.outbox.edit(id, body)
          if (!entry)
            throw new AppFailure(
              appError(
                'validation',
                'This message is on its way or may already have arrived; it can no longer be edited',
                {
                  reason: 'outbox_not_editable',
                },
              ),
            )
          changed([entry.chatId])
          void flush().catch(() => undefined)
          return { entry }
        },
        'outbox.cancel': async (input, channelCtx) => {
          const { id } = outboxChannels['outbox.cancel'].input.parse(input)
          const cache = await cacheOf(await requireActive(channelCtx))
          const before = (await cache.outbox.list()).find((e) => e.id === id)
          const cancelled = await cache.outbox.remove(id, true)
          if (cancelled && before) changed([before.chatId])
          return { cancelled }
        },
        'offlineCopy.follow': async (input, channelCtx) => {
          const { chatId, change, messageId, text } = outboxChannels['offlineCopy.follow'].input.parse(input)
          const cache = await deps.cacheFor((await requireActive(channelCtx)).id)
          if (change === 'messageEdited') {
            if (!messageId || text === undefined) return { changed: 0 }
            const found = await cache.messages.around(chatId, messageId, 0, 0)
            const old = found.found ? found.messages.find((m) => m.id === messageId) : undefined
            if (!old) return { changed: 0 }
            await cache.messages.ingest(chatId, [{ ...old, text }])
            return { changed: 1 }
          }
          if (change === 'messageDeleted' && !messageId) return { changed: 0 }
          const changed = await cache.messages.forget(chatId, {
            ...(change === 'messageDeleted' ? { messageId } : {}),
            chat: change === 'chatDeleted',
          })
          return { changed }
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
