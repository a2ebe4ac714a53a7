import { beforeAll, describe, expect, it, vi } from 'vitest'
import { apiShape, mediaSchemeUrl, PUSH_CHANNEL } from '../../../electron/contract/ipc'
import { recorded } from '../main/fakeElectron'

vi.mock('electron', () => import('../main/fakeElectron'))

type ExposedApi = Record<string, unknown> & {
  on: (event: string, listener: (payload: unknown) => void) => () => void
  mediaUrl: (url: string) => string
}

let api: ExposedApi

function push(event: string, payload: unknown) {
  for (const listener of recorded.rendererListeners.get(PUSH_CHANNEL) ?? [])
    listener({ sender: 'ipc event' }, { event, payload })
}

beforeAll(async () => {
  await import('../../../electron/preload/index')
  api = recorded.exposed.get('api') as ExposedApi
})

describe('preload window.api', () => {
  it('exposes exactly one key, api, in the main world', () => {
    expect([...recorded.exposed.keys()]).toEqual(['api'])
  })

  it('has exactly the contract groups plus on and mediaUrl, and nothing like ipcRenderer', () => {
    const groups = [...new Set(apiShape().map((s) => s.group))]
    expect(Object.keys(api).sort()).toEqual([...groups, 'on', 'mediaUrl'].sort())
    for (const forbidden of ['ipcRenderer', 'invoke', 'send', 'sendSync', 'require', 'process']) {
      expect(api).not.toHaveProperty(forbidden)
    }
  })

  it('has exactly the contract operations in each group, each invoking its own channel with the input', async () => {
    for (const { group, op, channel } of apiShape()) {
      const methods = api[group] as Record<string, (input?: unknown) => Promise<unknown>>
      const expectedOps = apiShape()
        .filter((s) => s.group === group)
        .map((s) => s.op)
      expect(Object.keys(methods).sort()).toEqual(expectedOps.sort())
      recorded.rendererInvokes = []
      const input = { probe: channel }
      await expect(methods[op](input)).resolves.toEqual({ ok: true, data: { channel } })
      expect(recorded.rendererInvokes).toEqual([{ channel, input }])
    }
  })

  it('registers one push dispatcher, whatever the number of subscriptions', () => {
    const offA = api.on('connectivity', () => {})
    const offB = api.on('profiles.changed', () => {})
    expect(recorded.rendererListeners.get(PUSH_CHANNEL)).toHaveLength(1)
    offA()
    offB()
  })

  it('hands listeners only the payload of their own event, never the IPC event', () => {
    const seen: unknown[][] = []
    const off = api.on('connectivity', (...args: unknown[]) => seen.push(args))
    push('connectivity', { online: false, since: 5 })
    push('profiles.changed', { activeProfileId: null })
    expect(seen).toEqual([[{ online: false, since: 5 }]])
    off()
  })

  it('stops calling a listener after its unsubscribe, and keeps the others', () => {
    const a: unknown[] = []
    const b: unknown[] = []
    const offA = api.on('cache.updated', (p) => a.push(p))
    const offB = api.on('cache.updated', (p) => b.push(p))
    push('cache.updated', 1)
    offA()
    push('cache.updated', 2)
    expect(a).toEqual([1])
    expect(b).toEqual([1, 2])
    offB()
  })

  it('ignores malformed push messages and survives a throwing listener', () => {
    const seen: unknown[] = []
    const offBad = api.on('connectivity', () => {
      throw new Error('listener bug')
    })
    const offGood = api.on('connectivity', (p) => seen.push(p))
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    for (const listener of recorded.rendererListeners.get(PUSH_CHANNEL) ?? []) {
      listener({}, null)
      listener({}, 'connectivity')
      listener({}, { event: 42, payload: 1 })
    }
    push('connectivity', 'after')
    expect(seen).toEqual(['after'])
    consoleError.mockRestore()
    offBad()
    offGood()
  })

  it('builds media URLs synchronously, without IPC', () => {
    recorded.rendererInvokes = []
    const url = 'https://cdn.example.com/a b.png?x=1&y=2'
    expect(api.mediaUrl(url)).toBe(mediaSchemeUrl(url))
    expect(api.mediaUrl(url)).toBe('agent-media://media/?u=https%3A%2F%2Fcdn.example.com%2Fa%20b.png%3Fx%3D1%26y%3D2')
    expect(recorded.rendererInvokes).toEqual([])
  })
})
