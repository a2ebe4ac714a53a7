import type { Profile } from '../../contract/app/profiles'
import { AppFailure, appError, type AppError } from '../../contract/app/result'
import type { Chat, ChatMessage } from '../../contract'
import { endpoints, resourceOf, type EndpointDef, type EndpointName } from '../../contract/endpoints'
import { readsAffectedBy, readsForgottenBy, resourcesChangedBy } from '../../contract/invalidation'
import type { ApiGateway, GatewayAnswer, GatewayOptions } from '../gateway'
import { againIfClosed, CacheClosed } from './cacheClient'
import { clearPending, copyChangeOf, dropChat, followWrite, markPending, type CopyChange } from './offlineCopy'
import type { ProfileCache } from './profileCache'
import { paramsKey } from './responseCache'

export interface ReadThroughDeps {
  cacheFor(profileId: string): Promise<ProfileCache>
  /** A cached read refreshed in the background came back different. */
  onUpdated(profileId: string, endpoint: EndpointName, key: string): void
  /**
   * The service refused the token while the cache answered (a background refresh, or a read the
   * cache served because of it): the user must still be told, and asked for a new token.
   */
  onAuthRefused?(profileId: string, endpoint: EndpointName): void
  /** Every answer or failure to reach the service, per profile (feeds the offline mark). */
  onReachability?(profileId: string, reachable: boolean): void
  now?: () => number
  /** A cached answer older than this is marked stale. */
  staleAfterMs?: number
  /** A cached answer younger than this is served without asking the service again. */
  revalidateAfterMs?: number
}

/** Kinds that mean the service gave no answer at all. */
export function isUnreachable(error: AppError): boolean {
  return error.kind === 'network' || error.kind === 'timeout' || error.kind === 'offline'
}

const failureOf = (e: unknown): AppError | undefined => (e instanceof AppFailure ? e.error : undefined)

export function offlineReadError(endpoint: string): AppFailure {
  return new AppFailure(
    appError('offline', 'The service cannot be reached and this has not been saved for offline use yet', {
      endpoint,
    }),
  )
}

export function offlineWriteError(endpoint: string): AppFailure {
  return new AppFailure(
    appError('offline', 'The service cannot be reached, so the change was not sent. Try again when back online.', {
      endpoint,
    }),
  )
}

/**
 * The read-through cache in front of the network gateway. Cacheable reads come from the cache at
 * once when there is an answer (stale-while-revalidate) and are refreshed in the background;
 * writes always go to the service and make the affected cached lists stale.
 */
export class ReadThroughGateway implements ApiGateway {
  private readonly inFlight = new Map<string, Promise<void>>()
  /** Background refreshes a write overtook: their answer predates the write and is not stored. */
  private readonly overtaken = new Set<string>()
  /** Reads asking the service for their caller now; a write that changes one overtakes it (same rule). */
  private readonly asking = new Set<{ profileId: string; name: EndpointName; input: unknown; overtaken: boolean }>()
  private readonly unreachable = new Set<string>()
  private readonly now: () => number
  private readonly staleAfterMs: number
  private readonly revalidateAfterMs: number

  constructor(
    private readonly inner: ApiGateway,
    private readonly deps: ReadThroughDeps,
  ) {
    this.now = deps.now ?? Date.now
    this.staleAfterMs = deps.staleAfterMs ?? 60_000
    this.revalidateAfterMs = deps.revalidateAfterMs ?? 2_000
  }

  /** Whether the last call for this profile failed to reach the service. */
  isOffline(profileId: string): boolean {
    return this.unreachable.has(profileId)
  }

  /** Resolves when every background refresh started so far has finished. */
  async settled(): Promise<void> {
    while (this.inFlight.size > 0) await Promise.allSettled([...this.inFlight.values()])
  }

  async run(profile: Profile, name: EndpointName, input: unknown, opts?: GatewayOptions): Promise<GatewayAnswer> {
    const def: EndpointDef = endpoints[name]
    if (!def.cacheable) return this.write(profile, name, def, input, opts)
    // A cache that closed under the read: read again from the one that replaces it, or from the service alone.
    return againIfClosed(() => this.read(profile, name, input, opts))
  }

  /** The profile's cache, or undefined when it cannot be opened: the app then works online only. */
  private async cacheOf(profileId: string): Promise<ProfileCache | undefined> {
    try {
      const cache = await this.deps.cacheFor(profileId)
      return cache.open ? cache : undefined
    } catch {
      return undefined
    }
  }

  private async read(
    profile: Profile,
    name: EndpointName,
    input: unknown,
    opts?: GatewayOptions,
  ): Promise<GatewayAnswer> {
    const cache = await this.cacheOf(profile.id)
    if (!cache) return this.inner.run(profile, name, input, opts)
    const key = paramsKey(input)
    const hit = await cache.responses.get(name, key)
    let refused = false
    if (hit?.stale && !this.isOffline(profile.id)) {
      // A write made this answer stale, so it is known to be out of date: ask the service first,
      // and serve it only when the service cannot be reached.
      try {
        return await this.fromService(cache, profile, name, key, input, opts)
      } catch (e) {
        const failure = failureOf(e)
        if (failure?.kind === 'auth') {
          // The cache still has an answer: it is shown (marked stale) and the refusal is said.
          refused = true
          this.reached(profile.id, true)
          this.deps.onAuthRefused?.(profile.id, name)
        } else if (failure?.kind === 'not_found') {
          // The thing is gone: the cached copy must not be served again (offline) as if it were not.
          this.reached(profile.id, true)
          await cache.responses.delete(name, key)
          throw e
        } else if (!failure || !isUnreachable(failure)) throw e
        else this.reached(profile.id, false)
      }
    }
    if (hit) {
      const age = this.now() - hit.fetchedAt
      if (!refused && (age >= this.revalidateAfterMs || hit.stale || this.isOffline(profile.id)))
        this.revalidate(profile, name, input, key)
      const offline = this.isOffline(profile.id)
      return {
        data: hit.data,
        meta: {
          source: 'cache',
          fetchedAt: hit.fetchedAt,
          stale: hit.stale || age >= this.staleAfterMs || offline,
          ...(offline ? { offline: true } : {}),
        },
      }
    }
    try {
      return await this.fromService(cache, profile, name, key, input, opts)
    } catch (e) {
      const failure = failureOf(e)
      if (failure && isUnreachable(failure)) {
        this.reached(profile.id, false)
        throw offlineReadError(name)
      }
      if (failure && failure.kind !== 'cancelled') this.reached(profile.id, true)
      throw e
    }
  }

  /** Asks the service, and keeps its answer for the reads after this one. */
  private async fromService(
    cache: ProfileCache,
    profile: Profile,
    name: EndpointName,
    key: string,
    input: unknown,
    opts?: GatewayOptions,
  ): Promise<GatewayAnswer> {
    const asked = { profileId: profile.id, name, input, overtaken: false }
    this.asking.add(asked)
    let answer: GatewayAnswer
    try {
      answer = await this.inner.run(profile, name, input, opts)
    } finally {
      this.asking.delete(asked)
    }
    this.reached(profile.id, true)
    // The service may have answered before the write arrived: the caller gets it, but the cache keeps
    // what the write left (marked stale), so the next read asks the service again.
    if (!asked.overtaken) await this.store(cache, name, key, input, answer)
    return answer
  }

  private revalidate(profile: Profile, name: EndpointName, input: unknown, key: string): void {
    const flightKey = flightKeyOf(profile.id, name, key)
    if (this.inFlight.has(flightKey)) return
    const job = (async () => {
      try {
        const answer = await this.inner.run(profile, name, input)
        this.reached(profile.id, true)
        if (this.overtaken.has(flightKey)) return
        const cache = await this.cacheOf(profile.id)
        if (!cache) return
        if (await this.store(cache, name, key, input, answer)) this.deps.onUpdated(profile.id, name, key)
      } catch (e) {
        const failure = failureOf(e)
        if (failure && isUnreachable(failure)) this.reached(profile.id, false)
        else if (failure?.kind === 'auth') {
          // The cached answer stays; the user is told the token was refused and asked for a new one.
          this.reached(profile.id, true)
          this.deps.onAuthRefused?.(profile.id, name)
        } else if (failure?.kind === 'not_found') {
          // The service says the thing is gone: serving it again from the cache would resurrect it.
          this.reached(profile.id, true)
          const cache = await this.cacheOf(profile.id)
          if (cache) {
            await cache.responses.delete(name, key)
            this.deps.onUpdated(profile.id, name, key)
          }
        }
        // Any other failure (server) leaves the cached answer as it is; the next read retries.
      } finally {
        this.inFlight.delete(flightKey)
        this.overtaken.delete(flightKey)
      }
    })()
    this.inFlight.set(flightKey, job)
  }

  private async write(
    profile: Profile,
    name: EndpointName,
    def: EndpointDef,
    input: unknown,
    opts?: GatewayOptions,
  ): Promise<GatewayAnswer> {
    // A write the offline copy of message history follows leaves a mark first (see offlineCopy.ts).
    const change = copyChangeOf(name, input)
    const marked = change ? await this.cacheOf(profile.id) : undefined
    const mark = marked && change ? await markPending(marked, change, this.now()).catch(() => undefined) : undefined
    let answer: GatewayAnswer
    try {
      answer = await this.inner.run(profile, name, input, opts)
      this.reached(profile.id, true)
    } catch (e) {
      const failure = failureOf(e)
      if (marked && change) {
        // No answer (lost, timed out, given up): the write may have arrived, so the chat's copy
        // cannot be trusted either way. A refusal, or no connection at all, changed nothing.
        if (!failure || ['network', 'timeout', 'cancelled'].includes(failure.kind))
          await dropChat(marked, change.chatId).catch(() => undefined)
        if (mark) await clearPending(marked, mark).catch(() => undefined)
      }
      if (failure && isUnreachable(failure)) {
        this.reached(profile.id, false)
        throw offlineWriteError(name)
      }
      throw e
    }
    const cache = await this.cacheOf(profile.id)
    if (cache) {
      try {
        if (change) await this.followCopy(cache, change, mark)
        await this.afterWrite(profile.id, cache, name, def, input, answer)
      } catch (e) {
        // The service did the write: a cache that closed meanwhile (cleared, removed) has nothing
        // left to keep in step, and the write must not be reported as failed.
        if (!(e instanceof CacheClosed)) throw e
      }
    }
    return answer
  }

  /**
   * The service confirmed the write: the offline copy follows, then the mark goes. A failure here
   * does not undo what the service did; the chat is dropped from the copy instead (read again).
   */
  private async followCopy(cache: ProfileCache, change: CopyChange, mark: string | undefined): Promise<void> {
    try {
      await followWrite(cache, change)
    } catch {
      await dropChat(cache, change.chatId).catch(() => undefined)
    }
    if (mark) await clearPending(cache, mark).catch(() => undefined)
  }

  /**
   * Brings every cached read the write changed in step, as the endpoint table says
   * (`readsAffectedBy`, the rule the renderer's query layer uses too): a read that shows the written
   * item itself takes the write's answer when that answer is the same resource (a contact PUT answers
   * the contact); a read of a deleted item goes; every other affected read is marked stale, so it is
   * asked of the service before it is served again. Reads the write did not touch stay as they are.
   */
  private async afterWrite(
    profileId: string,
    cache: ProfileCache,
    name: EndpointName,
    def: EndpointDef,
    input: unknown,
    answer: GatewayAnswer,
  ): Promise<void> {
    const affected = readsAffectedBy(name, input)
    const forgotten = readsForgottenBy(name, input)
    const written = Object.entries((input as { path?: Record<string, string> } | undefined)?.path ?? {})
    for (const asked of this.asking)
      if (asked.profileId === profileId && affected(asked.name, asked.input)) asked.overtaken = true
    for (const { endpoint, key } of await cache.responses.entriesOf(resourcesChangedBy(name))) {
      const readName = endpoint as EndpointName
      const readDef: EndpointDef | undefined = (endpoints as Record<string, EndpointDef>)[readName]
      const readInput = inputOfKey(key)
      if (!readDef || !affected(readName, readInput)) continue
      // A refresh of this read that started before the write would bring back what it replaced.
      const flight = flightKeyOf(profileId, readName, key)
      if (this.inFlight.has(flight)) this.overtaken.add(flight)
      const readPath = readInput?.path ?? {}
      const namesItem = written.length > 0 && written.every(([k, v]) => readPath[k] === v)
      if (forgotten(readName, readInput)) await cache.responses.delete(readName, key)
      // Only an answer that is the resource itself can stand in for the read: a `{success}` ack also
      // parses as an all-optional Webhooks, and would blank it.
      else if (def.method !== 'DELETE' && namesItem && readDef.response === def.response)
        await cache.responses.put(readName, key, resourceOf(readName), answer.data, answer.meta.fetchedAt)
      else await cache.responses.markStaleAt(readName, key)
    }
  }

  /** Stores an answer; lists of chats and messages also feed the message store (search, history). */
  private async store(
    cache: ProfileCache,
    name: EndpointName,
    key: string,
    input: unknown,
    answer: GatewayAnswer,
  ): Promise<boolean> {
    const changed = await cache.responses.put(name, key, resourceOf(name), answer.data, answer.meta.fetchedAt)
    if (name === 'messages.list' && Array.isArray(answer.data)) {
      const chatId = (input as { path?: { chatId?: string } }).path?.chatId
      if (chatId) await cache.messages.ingest(chatId, answer.data as ChatMessage[])
    } else if (name === 'chats.list' && Array.isArray(answer.data)) {
      await cache.messages.saveChats(answer.data as Chat[])
    }
    return changed
  }

  private reached(profileId: string, reachable: boolean): void {
    if (reachable) this.unreachable.delete(profileId)
    else this.unreachable.add(profileId)
    this.deps.onReachability?.(profileId, reachable)
  }
}

const flightKeyOf = (profileId: string, name: string, key: string) => `${profileId}\u0000${name}\u0000${key}`

/** The input a params key was made from (`paramsKey`). */
function inputOfKey(key: string): { path?: Record<string, string> } | undefined {
  try {
    return JSON.parse(key) as { path?: Record<string, string> }
  } catch {
    return undefined
  }
}
