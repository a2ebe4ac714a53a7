import { afterAll, beforeAll } from 'vitest'
import { createApiClient, type ApiClient, type FetchLike } from '../../electron/core/api'
import { startSandbox } from '../../electron/sandbox/index'
import { describeViolations, startVendorGate, type VendorGate } from '../vendor/gate'

export const TOKEN = 'contract-suite-token-7f3a9c'
export const WRONG_TOKEN = 'not-the-right-token-0000'

export interface RawAnswer {
  status: number
  body: unknown
}

/** The embedded service of one test file, and the clients that talk to it over loopback HTTP. */
export interface SandboxSession {
  /** The embedded service itself (what `raw` talks to). */
  url: string
  /** The vendor gate in front of it: every request of `api` and `wrongTokenApi` goes through it. */
  gate: VendorGate
  workspaceId: string
  api: ApiClient
  /** A client holding a token the service does not accept. */
  wrongTokenApi: ApiClient
  /** Requests the client actually sent, in order (method and path with query). */
  sent: string[]
  /** A request the client would never send: for proving what the service itself answers. */
  raw(method: string, path: string, init?: { body?: string; token?: string }): Promise<RawAnswer>
}

/**
 * Starts one sandbox for the calling test file (`beforeAll`) and closes it afterwards. The session
 * object is filled in when the sandbox is up, so tests read it inside `it`.
 *
 * The app's client reaches the sandbox through the vendor gate (tests/vendor/gate.ts): every request
 * it sends and every answer it gets is checked against the vendor's OpenAPI document, and the file
 * fails at its end when anything violated it. `raw` goes to the sandbox directly: it sends what the
 * client never would, to prove what the service itself answers.
 */
export function useSandbox(options: { bigChat?: boolean; seed?: number } = {}): SandboxSession {
  const session = { sent: [] as string[] } as unknown as SandboxSession
  let close: (() => Promise<void>) | undefined
  let gate: VendorGate | undefined
  beforeAll(async () => {
    const sandbox = await startSandbox({ port: 0, token: TOKEN, bigChat: options.bigChat ?? false, seed: options.seed })
    close = sandbox.close
    gate = await startVendorGate({ upstream: sandbox.url })
    const recording: FetchLike = (input, init) => {
      const url = new URL(input)
      session.sent.push(`${init?.method ?? 'GET'} ${url.pathname}${url.search}`)
      return fetch(input, init)
    }
    Object.assign(session, {
      url: sandbox.url,
      gate,
      workspaceId: sandbox.workspaceId,
      api: createApiClient({ baseUrl: gate.url, getToken: () => TOKEN, fetch: recording, retries: 0 }),
      wrongTokenApi: createApiClient({ baseUrl: gate.url, getToken: () => WRONG_TOKEN, retries: 0 }),
      async raw(method: string, path: string, init: { body?: string; token?: string } = {}) {
        const res = await fetch(`${sandbox.url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${init.token ?? TOKEN}`,
            ...(init.body !== undefined ? { 'content-type': 'application/json' } : {}),
          },
          body: init.body,
        })
        const text = await res.text()
        let body: unknown = text
        try {
          body = text === '' ? null : JSON.parse(text)
        } catch {
          // Left as text: a non-JSON answer is itself worth asserting on.
        }
        return { status: res.status, body }
      },
    })
  })
  afterAll(async () => {
    await gate?.close()
    await close?.()
    if (gate && gate.violations.length > 0) throw new Error(describeViolations(gate.violations))
    if (gate && gate.requests() === 0) throw new Error('no request of the client went through the vendor gate')
  })
  return session
}
