import { afterEach, beforeEach, describe, expect, it, vi, type MockInstance } from 'vitest'
import type { Result } from '../../../electron/contract/app/result'
import { createDraftsLayer } from '../../../electron/core/drafts/draftsLayer'
import { createRouter, type Router } from '../../../electron/core/router'
import { createSecretStore, memoryBackend, type SecretStore } from '../../../electron/core/vault'
import { offlineWorld, TOKEN, type OfflineWorld } from '../sync/offlineHarness'

/**
 * Calls through the router that arrive while the offline copy closes under them: a "Clear offline
 * data", or the app closing (the layer disposed, as at quit and at the end of every e2e test).
 * Each answers, or says it was cut by the app closing (`cancelled`); none reaches the router as an
 * unexpected exception ("[router] unexpected CacheClosed", before: "TypeError", the driver's "The
 * database connection is not open"), and none opens the file again once the app is closing.
 */
let world: OfflineWorld
let router: Router
let errors: MockInstance<typeof console.error>
/** Whether the app is closing, and the openings of a cache file meanwhile. */
let closing = false
let openingsWhileClosing = 0

function watchedSecrets(): SecretStore {
  const store = createSecretStore(memoryBackend(), { backend: 'memory', weak: false })
  const get = store.get.bind(store)
  // Every opening of a cache file reads its key first.
  store.get = async (account) => {
    if (closing && account.startsWith('cache-key')) openingsWhileClosing++
    return get(account)
  }
  return store
}

vi.setConfig({ testTimeout: 120_000 })

beforeEach(async () => {
  closing = false
  openingsWhileClosing = 0
  world = await offlineWorld({ secrets: watchedSecrets() })
  const drafts = createDraftsLayer({ cacheFor: world.layer.cacheFor })
  router = createRouter({
    gateway: world.gateway,
    activeProfile: async () => world.profile,
    handlers: { ...world.layer.channels, ...drafts.channels },
    emit: () => {},
    secrets: () => [TOKEN],
  })
  errors = vi.spyOn(console, 'error')
})
afterEach(async () => {
  errors.mockRestore()
  await world.cleanup()
})

const unexpectedLines = () =>
  errors.mock.calls.map((args) => args.map(String).join(' ')).filter((line) => line.includes('[router] unexpected'))

/** The calls the page makes while a screen is open: a draft, the offline history, an API list. */
function callsOfAScreen(): Promise<Result<unknown>>[] {
  return [
    router.dispatch('app:drafts.load', { key: 'contact:C1' }),
    router.dispatch('app:messages.page', { chatId: 'c1', limit: 20 }),
    router.dispatch('api:agents.list', {
      path: { workspaceId: world.profile.workspaceId },
      query: { page: 1, pageSize: 20 },
    }),
  ]
}

/** The calls before `operation` and in each turn of the event loop while it runs; their answers. */
async function callsDuring(operation: () => Promise<unknown>): Promise<Result<unknown>[]> {
  const calls: Promise<Result<unknown>>[] = [...callsOfAScreen()]
  let running = true
  const done = operation().finally(() => (running = false))
  const pump = async () => {
    while (running) {
      calls.push(...callsOfAScreen())
      await new Promise<void>((r) => setImmediate(r))
    }
  }
  await Promise.all([done, pump()])
  const answers = await Promise.all(calls)
  // At least one round went in after the operation began (a fast clear can end within a turn).
  expect(answers.length).toBeGreaterThan(3)
  return answers
}

/** Each failed answer's channel-independent kind and message. */
const failuresOf = (answers: Result<unknown>[]) =>
  answers.flatMap((a) => (a.ok ? [] : [`${a.error.kind}: ${a.error.message}`]))

async function aDraftKept(): Promise<void> {
  const saved = await router.dispatch('app:drafts.save', { key: 'contact:C1', value: { name: 'Maria' } })
  expect(saved).toEqual({ ok: true, data: { kept: 'encrypted' } })
}

describe('calls while the offline copy closes under them', () => {
  it('"Clear offline data": every draft, history and list call answers, and nothing unexpected is logged', async () => {
    await aDraftKept()
    const answers = await callsDuring(() => router.call('offline.clear', {}))
    expect(failuresOf(answers)).toEqual([])
    expect(unexpectedLines()).toEqual([])
  })

  it('the app closing: a call answers or is cancelled, none is unexpected, and no file is opened again', async () => {
    await aDraftKept()
    const answers = await callsDuring(async () => {
      closing = true
      await world.layer.dispose()
    })
    // And calls that come once it is closed (a request the preview's server had already accepted).
    answers.push(...(await Promise.all(callsOfAScreen())))
    for (const failure of failuresOf(answers)) expect(failure).toBe('cancelled: The app is closing')
    expect(openingsWhileClosing).toBe(0)
    expect(unexpectedLines()).toEqual([])
    // The list is still read from the service: the app closing cut only the offline copy's part.
    const last = answers.at(-1)
    expect(last?.ok && last.meta?.source).toBe('network')
  })
})
