import type { SecretBackend } from './secretStore'

/** The part of keytar's module the vault uses. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>
}

export type KeytarLoader = () => Promise<unknown>

export const KEYCHAIN_SERVICE = 'Agent Desk'

export const defaultKeytarLoader: KeytarLoader = () => import('keytar')

/** keytar is CommonJS: a dynamic import yields it as `default` or as named exports, depending on the loader. */
function asKeytar(mod: unknown): KeytarModule | null {
  const candidates = [mod, (mod as { default?: unknown } | null)?.default]
  for (const c of candidates) {
    if (
      c &&
      typeof c === 'object' &&
      typeof (c as KeytarModule).getPassword === 'function' &&
      typeof (c as KeytarModule).setPassword === 'function' &&
      typeof (c as KeytarModule).deletePassword === 'function' &&
      typeof (c as KeytarModule).findCredentials === 'function'
    )
      return c as KeytarModule
  }
  return null
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${what} did not answer within ${ms} ms`)), ms)
    promise.then(
      (v) => {
        clearTimeout(timer)
        resolve(v)
      },
      (err: unknown) => {
        clearTimeout(timer)
        reject(err instanceof Error ? err : new Error(String(err)))
      },
    )
  })
}

export type KeytarProbe =
  | { backend: SecretBackend }
  | {
      backend: null
      reason: string
      /** The keychain is slow: its answer, still awaited (up to the patience given). */
      pending?: Promise<KeytarProbe>
    }

/**
 * Loads keytar and checks that a keychain answers (on Linux a Secret Service on D-Bus, which
 * may be missing or hang): a short `findCredentials` call. Resolves to null with the reason otherwise.
 * With `patienceMs` longer than `timeoutMs`, a keychain that has not answered after `timeoutMs` is
 * not given up: the result says why and carries the answer still awaited (`pending`).
 */
export async function probeKeytar(
  loader: KeytarLoader,
  service = KEYCHAIN_SERVICE,
  timeoutMs = 3000,
  patienceMs = timeoutMs,
): Promise<KeytarProbe> {
  const answer = askKeytar(loader, service, Math.max(timeoutMs, patienceMs), timeoutMs)
  if (patienceMs <= timeoutMs) return answer
  let timer: ReturnType<typeof setTimeout> | undefined
  const slow = new Promise<'slow'>((resolve) => (timer = setTimeout(() => resolve('slow'), timeoutMs)))
  const first = await Promise.race([answer, slow])
  clearTimeout(timer)
  if (first !== 'slow') return first
  return { backend: null, reason: `the OS keychain did not answer within ${timeoutMs} ms`, pending: answer }
}

async function askKeytar(
  loader: KeytarLoader,
  service: string,
  waitMs: number,
  opTimeoutMs: number,
): Promise<KeytarProbe> {
  let keytar: KeytarModule | null
  try {
    keytar = asKeytar(await withTimeout(loader(), waitMs, 'loading keytar'))
  } catch (err) {
    return { backend: null, reason: `keytar could not be loaded: ${(err as Error).message}` }
  }
  if (!keytar) return { backend: null, reason: 'keytar module has an unexpected shape' }
  try {
    await withTimeout(keytar.findCredentials(service), waitMs, 'the OS keychain')
  } catch (err) {
    return { backend: null, reason: `the OS keychain is not available: ${(err as Error).message}` }
  }
  return { backend: keytarBackend(keytar, service, opTimeoutMs * 3) }
}

export function keytarBackend(keytar: KeytarModule, service = KEYCHAIN_SERVICE, timeoutMs = 10_000): SecretBackend {
  return {
    name: 'keytar',
    get: (account) => withTimeout(keytar.getPassword(service, account), timeoutMs, 'the OS keychain'),
    set: (account, secret) => withTimeout(keytar.setPassword(service, account, secret), timeoutMs, 'the OS keychain'),
    delete: async (account) => {
      await withTimeout(keytar.deletePassword(service, account), timeoutMs, 'the OS keychain')
    },
    accounts: async () =>
      (await withTimeout(keytar.findCredentials(service), timeoutMs, 'the OS keychain')).map((c) => c.account),
  }
}
