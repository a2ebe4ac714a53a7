import type { Profile } from '../../contract/app/profiles'
import { AppFailure, appError, type AppError } from '../../contract/app/result'
import type { Chat, ChatMessage } from '../../contract'
import { endpoints, resourceOf, type EndpointDef, type EndpointName } from '../../contract/endpoints'
import type { ApiGateway, GatewayAnswer, GatewayOptions } from '../gateway'
import type { ProfileCache } from './profileCache'
import { paramsKey } from './responseCache'

export interface ReadThroughDeps {
  cacheFor(profileId: string): Promise<ProfileCache>
  /** A cached read refreshed in the background came back different. */
  onUpdated(profileId: string, endpoint: EndpointName, key: string): void
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
    return def.cacheable ? this.read(profile, name, input, opts) : this.write(profile, name, def, input, opts)
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
    if (hit?.stale && !this.isOffline(profile.id)) {
      // A write made this answer stale, so it is known to be out of date: ask the service first,
      // and serve it only when the service cannot be reached.
      try {
        const answer = await this.inner.run(profile, name, input, opts)
        this.reached(profile.id, true)
        await this.store(cache, name, key, input, answer)
        return answer
      } catch (e) {
        const failure = failureOf(e)
        if (!failure || !isUnreachable(failure)) throw e
        this.reached(profile.id, false)
      }
    }
    if (hit) {
      const age = this.now() - hit.fetchedAt
      if (age >= this.revalidateAfterMs || hit.stale || this.isOffline(profile.id))
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
      const answer = await this.inner.run(profile, name, input, opts)
      this.reached(profile.id, true)
      await this.store(cache, name, key, input, answer)
      return answer
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

  private revalidate(profile: Profile, name: EndpointName, input: unknown, key: string): void {
    const flightKey = `${profile.id}\u0000${name}\u0000${key}`
    if (this.inFlight.has(flightKey)) return
    const job = (async () => {
      try {
        const answer = await this.inner.run(profile, name, input)
        this.reached(profile.id, true)
        const cache = await this.cacheOf(profile.id)
        if (!cache) return
        if (await this.store(cache, name, key, input, answer)) this.deps.onUpdated(profile.id, name, key)
      } catch (e) {
        const failure = failureOf(e)
        if (failure && isUnreachable(failure)) this.reached(profile.id, false)
        else if (failure?.kind === 'not_found') {
          // The service says the thing is gone: serving it again from the cache would resurrect it.
          this.reached(profile.id, true)
          const cache = await this.cacheOf(profile.id)
          if (cache) {
            await cache.responses.delete(name, key)
            this.deps.onUpdated(profile.id, name, key)
          }
        }
        // Any other failure (auth, server) leaves the cached answer as it is; the next read retries.
      } finally {
        this.inFlight.delete(flightKey)
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
    let answer: GatewayAnswer
    try {
      answer = await this.inner.run(profile, name, input, opts)
      this.reached(profile.id, true)
    } catch (e) {
      const failure = failureOf(e)
      if (failure && isUnreachable(failure)) {
        this.reached(profile.id, false)
        throw offlineWriteError(name)
      }
      throw e
    }
    const cache = await this.cacheOf(profile.id)
    if (cache) await this.afterWrite(cache, name, def, input, answer)
    return answer
  }

  /** Marks the lists a write changed as stale, and keeps the single-item read in step where it can. */
  private async afterWrite(
    cache: ProfileCache,
    name: EndpointName,
    def: EndpointDef,
    input: unknown,
    answer: GatewayAnswer,
  ): Promise<void> {
    const resource = resourceOf(name)
    await cache.responses.markStale([resource, ...(def.invalidates ?? [])])
    const path = (input as { path?: Record<string, string> } | undefined)?.path
    if (!path) return
    // A delete may name fewer path params than the reads (contacts.delete has no workspaceId), so
    // every cached read of the resource naming all of the delete's params goes.
    if (def.method === 'DELETE') {
      await cache.responses.deleteNaming(resource, path)
      return
    }
    const getName = `${resource}.get` as EndpointName
    const getDef: EndpointDef | undefined = (endpoints as Record<string, EndpointDef>)[getName]
    if (!getDef || !sameParams(getDef.params, def.params)) return
    const getKey = paramsKey({ path })
    // Only a PUT that answers the resource itself (agents.update answers the Agent) can stand in for
    // the read: a `{success}` ack also parses as an all-optional Webhooks, and would blank it.
    if (def.method === 'PUT' && def.response === getDef.response)
      await cache.responses.put(getName, getKey, resource, answer.data, answer.meta.fetchedAt)
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

function sameParams(a: readonly string[], b: readonly string[]): boolean {
  return a.length === b.length && a.every((p, i) => p === b[i])
}
