import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, expect } from 'vitest'
import type { PushEventName, Result } from '../../../electron/contract/app'
import type { Profile } from '../../../electron/contract/app/profiles'
import type { FetchLike } from '../../../electron/core/api'
import { type Core, createCore, type CoreOptions } from '../../../electron/core/app'
import type { DemoService } from '../../../electron/core/profiles/channels'
import { SETTINGS_FILE } from '../../../electron/core/settings'
import type { SafeStorageLike } from '../../../electron/core/vault'
import { type RunningSandbox, startSandbox } from '../../../electron/sandbox/index'
import { fakeSafeStorage } from '../vault/fakeSafeStorage'

/**
 * The core tests' world (core*.test.ts): cores opened over a user-data folder and an embedded
 * service started per test. The bindings below are live: a test reads `service.url` or `dir` of the
 * test that runs.
 */

export const SERVICE_TOKEN = 'service-token-for-tests-0123456789'

/** One user-data folder and one safeStorage "OS user" per test; several cores may open them in turn. */
export let dir: string
export let safeStorage: SafeStorageLike
/** A separately started embedded service, standing in for a real account's service. */
export let service: RunningSandbox
const cores: Core[] = []
export const demos: DemoService[] = []
/** Every Result any core answered in a test: none may contain a token. */
const results: Result<unknown>[] = []
/** When set, requests carry this token instead: the service then refuses them (a revoked token). */
let forgedToken: string | null = null

/** The safeStorage the next cores of this test open the vault with. */
export function useSafeStorage(next: SafeStorageLike): void {
  safeStorage = next
}

/** From now on in this test, requests carry `token` instead of their own (a revoked token). */
export function forgeToken(token: string): void {
  forgedToken = token
}

const testFetch: FetchLike = (input, init) => {
  if (forgedToken && init?.headers) {
    const headers = new Headers(init.headers)
    if (headers.has('authorization')) headers.set('authorization', `Bearer ${forgedToken}`)
    return fetch(input, { ...init, headers })
  }
  return fetch(input, init)
}

/** Registers the per-test setup and the end-of-test checks (no Result carries a token). */
export function useCoreHarness(): void {
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'core-'))
    safeStorage = fakeSafeStorage()
    forgedToken = null
    results.length = 0
    service = await startSandbox({ port: 0, token: SERVICE_TOKEN, bigChat: false })
  })

  afterEach(async () => {
    const secrets = [SERVICE_TOKEN, ...demos.map((d) => d.token)]
    for (const result of results) {
      const text = JSON.stringify(result)
      for (const secret of secrets) expect(text).not.toContain(secret)
    }
    for (const core of cores.splice(0)) await core.dispose()
    demos.length = 0
    await service.close()
    await rm(dir, { recursive: true, force: true })
  })
}

export async function open(overrides: Partial<CoreOptions> = {}) {
  const events: { event: PushEventName; payload: unknown }[] = []
  const opened: string[] = []
  const removed: string[] = []
  const core = await createCore({
    userDataDir: dir,
    fetch: testFetch,
    keytarLoader: null,
    safeStorage,
    apiRetries: 0,
    startDemoService: async ({ dbFile, token }) => {
      const demo = await startSandbox({ port: 0, token, dbFile, bigChat: false })
      demos.push(demo)
      return demo
    },
    openExternal: (url) => {
      opened.push(url)
    },
    appInfo: { version: '1.2.3', platform: 'linux', systemLocale: 'pt-BR', preview: true },
    onProfileRemoved: (id) => {
      removed.push(id)
    },
    ...overrides,
  })
  cores.push(core)
  core.on((event, payload) => events.push({ event, payload }))
  const call = async <T = unknown>(channel: string, input?: unknown): Promise<Result<T>> => {
    const result = await core.router.dispatch(channel, input)
    results.push(result)
    return result as Result<T>
  }
  const ok = async <T = unknown>(channel: string, input?: unknown): Promise<T> => {
    const result = await call<T>(channel, input)
    if (!result.ok) throw new Error(`${channel} failed: ${JSON.stringify(result.error)}`)
    return result.data
  }
  return { core, events, opened, removed, call, ok }
}

export async function createServiceProfile(
  ok: Awaited<ReturnType<typeof open>>['ok'],
  extra: Record<string, unknown> = {},
): Promise<Profile> {
  return ok<Profile>('app:profiles.create', {
    baseUrl: service.url,
    token: SERVICE_TOKEN,
    workspaceId: service.workspaceId,
    ...extra,
  })
}

/** Rewrites the settings file as an attacker (or a careless hand) would, between two runs. */
export async function tamper(change: (doc: Record<string, unknown> & { profiles: Record<string, unknown>[] }) => void) {
  const path = join(dir, SETTINGS_FILE)
  const doc = JSON.parse(await readFile(path, 'utf8'))
  change(doc)
  await writeFile(path, JSON.stringify(doc))
}
