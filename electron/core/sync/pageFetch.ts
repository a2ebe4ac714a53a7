import type { Profile } from '../../contract/app/profiles'
import { AppFailure, appError } from '../../contract/app/result'
import type { EndpointName } from '../../contract/endpoints'
import type { ProfileCache } from '../cache/profileCache'
import type { ApiGateway } from '../gateway'
import type { PageFacts } from './pageIntake'

/**
 * A page's answer as the run takes it: its bytes, read but never parsed on this thread (the cache
 * worker parses and validates them), and how to report the worker's verdict on them.
 */
export interface Fetched {
  /** The bytes, asked for once, when the page's turn comes (they are then transferred). */
  bytes(): ArrayBuffer
  accepted(): void
  refused(message: string): AppFailure
}

/** Data a gateway parsed itself (one without `runBytes`) as the bytes the worker takes. */
function encoded(data: unknown): ArrayBuffer {
  const bytes = new TextEncoder().encode(JSON.stringify(data ?? null))
  return bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer
}

/**
 * The pages one list of the run (the chat list, a chat's messages) has read into the cache worker
 * and not yet written: each is written once (`use`) or dropped when the list ends without it.
 */
export class HeldPages {
  private readonly handles = new Set<number>()
  constructor(private readonly cache: ProfileCache) {}
  own(page: PageFacts): PageFacts {
    this.handles.add(page.held)
    return page
  }
  use(page: PageFacts): { held: number } {
    this.handles.delete(page.held)
    return { held: page.held }
  }
  release(): void {
    if (this.handles.size === 0) return
    void this.cache.sync.dropPages([...this.handles]).catch(() => undefined)
    this.handles.clear()
  }
}

/**
 * A sync page's answer through the gateway: the bytes of a gateway that reads them (the app's
 * network gateway, `runBytes`), or, for one that parses (a test's scripted service), its data
 * encoded, so both take the same path to the cache worker.
 */
export async function fetchPage(
  gateway: ApiGateway,
  profile: Profile,
  name: EndpointName,
  input: unknown,
  signal: AbortSignal | undefined,
): Promise<Fetched> {
  if (gateway.runBytes) {
    const answer = await gateway.runBytes(profile, name, input, { signal })
    return { bytes: () => answer.bytes, accepted: () => answer.accepted(), refused: (m) => answer.refused(m) }
  }
  let parse: () => { data: unknown }
  if (gateway.runDeferred) parse = await gateway.runDeferred(profile, name, input, { signal })
  else {
    const answer = await gateway.run(profile, name, input, { signal })
    parse = () => answer
  }
  return {
    bytes: () => encoded(parse().data),
    accepted: () => undefined,
    refused: (message) => new AppFailure(appError('bad_response', message, { endpoint: name })),
  }
}
