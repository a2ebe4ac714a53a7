import { vi, type Mock } from 'vitest'
import type { Profile, PushEventName, PushEventPayload, Result } from '@contract'
import { apiShape, type DeskApi } from '@contract/ipc'

type Handler = (input: unknown) => Promise<Result<unknown>>

/**
 * A `window.api` built from the same shape as the preload's, each method a mock that fails with
 * `internal` until a test scripts it with `handle('agents.list', ...)`. Push events are fired with `emit`.
 */
export function createFakeDeskApi() {
  const calls: Record<string, Mock<Handler>> = {}
  const groups: Record<string, Record<string, Mock<Handler>>> = {}
  for (const { group, op } of apiShape()) {
    const fn = vi.fn<Handler>(async () => ({
      ok: false,
      error: { kind: 'internal', message: `${group}.${op} not scripted` },
    }))
    groups[group] ??= {}
    groups[group][op] = fn
    calls[`${group}.${op}`] = fn
  }
  const listeners = new Map<string, Set<(payload: unknown) => void>>()
  const api = {
    ...groups,
    on(event: string, listener: (payload: unknown) => void) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
      return () => set.delete(listener)
    },
    mediaUrl: (url: string) => `/media?u=${encodeURIComponent(url)}`,
  } as unknown as DeskApi

  return {
    api,
    calls,
    handle(name: string, handler: Handler) {
      const fn = calls[name]
      if (!fn) throw new Error(`no operation ${name}`)
      fn.mockImplementation(handler)
      return fn
    },
    emit<E extends PushEventName>(event: E, payload: PushEventPayload<E>) {
      for (const listener of listeners.get(event) ?? []) listener(payload)
    },
    install() {
      window.api = api
    },
  }
}

/** A promise with its resolve exposed, to hold an answer until the test lets it go. */
export function deferred<T>() {
  let resolve!: (value: T) => void
  const promise = new Promise<T>((r) => (resolve = r))
  return { promise, resolve }
}

export const flush = () => new Promise<void>((r) => setTimeout(r, 0))

/** A service profile of the renderer tests. */
export const profileNamed = (id: string, label = id): Profile => ({
  id,
  label,
  kind: 'service',
  baseUrl: 'https://api.example.test',
  workspaceId: 'W1',
  rememberToken: true,
  hasToken: true,
  createdAt: 0,
})

/** The service profile the renderer tests are signed in with. */
export const profile = profileNamed('p1', 'Acme')

/** The meta of an answer fresh from the service. */
export const meta = { source: 'network' as const, fetchedAt: 1_700_000_000_000 }
