import { afterAll, beforeAll } from 'vitest'
import { startSandbox, type RunningSandbox, type SandboxOptions } from '../../../electron/sandbox/index'

export const TOKEN = 'sandbox-unit-token-3c9e'

export interface Answer<T = unknown> {
  status: number
  contentType: string | null
  body: T
}

/** Plain fetch over loopback, with the right token unless told otherwise. */
export interface SandboxClient {
  readonly url: string
  readonly sandbox: RunningSandbox
  call<T = unknown>(
    method: string,
    path: string,
    init?: { body?: unknown; rawBody?: string; token?: string | null },
  ): Promise<Answer<T>>
  get<T = unknown>(path: string): Promise<Answer<T>>
}

export async function callSandbox<T>(
  url: string,
  method: string,
  path: string,
  init: { body?: unknown; rawBody?: string; token?: string | null } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = {}
  const token = init.token === undefined ? TOKEN : init.token
  if (token !== null) headers.authorization = `Bearer ${token}`
  const body = init.rawBody ?? (init.body === undefined ? undefined : JSON.stringify(init.body))
  if (body !== undefined) headers['content-type'] = 'application/json'
  const res = await fetch(url + path, { method, headers, body })
  const text = await res.text()
  let parsed: unknown = text
  try {
    parsed = text === '' ? null : JSON.parse(text)
  } catch {
    // Not JSON: kept as text so a test can say so.
  }
  return { status: res.status, contentType: res.headers.get('content-type'), body: parsed as T }
}

/** One sandbox per test file (without the 100,000-message chat unless asked), closed afterwards. */
export function useSandbox(options: Partial<SandboxOptions> = {}): SandboxClient {
  let sandbox: RunningSandbox | undefined
  beforeAll(async () => {
    sandbox = await startSandbox({ port: 0, token: TOKEN, bigChat: false, ...options })
  })
  afterAll(async () => {
    await sandbox?.close()
  })
  const running = () => {
    if (!sandbox) throw new Error('sandbox not started')
    return sandbox
  }
  return {
    get url() {
      return running().url
    },
    get sandbox() {
      return running()
    },
    call: (method, path, init) => callSandbox(running().url, method, path, init),
    get: (path) => callSandbox(running().url, 'GET', path),
  }
}
