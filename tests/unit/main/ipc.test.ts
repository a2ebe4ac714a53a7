import { describe, expect, it, vi } from 'vitest'
import { allChannels, PUSH_CHANNEL } from '../../../electron/contract/ipc'
import type { Result } from '../../../electron/contract/app'
import {
  forwardPushEvents,
  handle,
  originOf,
  registerChannels,
  trustedOrigins,
  type ChannelRouter,
  type InvokeSender,
} from '../../../electron/main/ipc'
import { createRefusalLog } from '../../../electron/core/refusals'
import { createRouter } from '../../../electron/core/router'
import { FakeFrame, FakeWebContents } from './fakeElectron'

const appOrigins = trustedOrigins(['app://agent-desk'])

function eventFrom(url: string, opts: { subframe?: boolean; noFrame?: boolean } = {}): InvokeSender {
  const contents = new FakeWebContents()
  contents.mainFrame = new FakeFrame(url)
  let frame: FakeFrame | null = contents.mainFrame
  if (opts.subframe) {
    frame = new FakeFrame(url, 1, 2)
    frame.parent = contents.mainFrame
  }
  if (opts.noFrame) frame = null
  return { sender: contents, senderFrame: frame } as unknown as InvokeSender
}

function recordingRouter(answer: (channel: string, input: unknown) => Promise<Result<unknown>>) {
  const calls: { channel: string; input: unknown }[] = []
  const router: ChannelRouter = {
    dispatch: (channel, input) => {
      calls.push({ channel, input })
      return answer(channel, input)
    },
  }
  return { router, calls }
}

describe('handle(): the one IPC wrapper', () => {
  it('passes a call from the main frame of app://agent-desk to the router and returns its Result', async () => {
    const { router, calls } = recordingRouter(async () => ({ ok: true, data: [1, 2] }))
    const result = await handle(
      'api:agents.get',
      router,
      appOrigins,
    )(eventFrom('app://agent-desk/index.html#/agents'), {
      path: { agentId: 'a1' },
    })
    expect(result).toEqual({ ok: true, data: [1, 2] })
    expect(calls).toEqual([{ channel: 'api:agents.get', input: { path: { agentId: 'a1' } } }])
  })

  it.each([
    ['a foreign https page', 'https://evil.example.com/'],
    ['a page on another app:// host', 'app://evil/index.html'],
    ['a file:// page', 'file:///etc/passwd'],
    ['the dev server when not configured', 'http://localhost:5173/'],
    ['about:blank', 'about:blank'],
    ['an unparsable url', 'not a url'],
  ])('refuses %s with a Result, without calling the router', async (_name, url) => {
    const { router, calls } = recordingRouter(async () => ({ ok: true, data: 'secret' }))
    const result = await handle('app:profiles.list', router, appOrigins)(eventFrom(url), undefined)
    expect(result).toEqual({ ok: false, error: { kind: 'auth', message: 'refused' } })
    expect(calls).toHaveLength(0)
  })

  it('refuses a subframe even of the app origin', async () => {
    const { router, calls } = recordingRouter(async () => ({ ok: true, data: 1 }))
    const result = await handle(
      'app:profiles.list',
      router,
      appOrigins,
    )(eventFrom('app://agent-desk/index.html', { subframe: true }), undefined)
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth' } })
    expect(calls).toHaveLength(0)
  })

  it('refuses a sender whose frame is gone', async () => {
    const { router } = recordingRouter(async () => ({ ok: true, data: 1 }))
    const result = await handle(
      'app:profiles.list',
      router,
      appOrigins,
    )(eventFrom('app://agent-desk/', { noFrame: true }), 1)
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', message: 'refused' } })
  })

  it('trusts the dev server origin only when it is configured', async () => {
    const dev = trustedOrigins(['app://agent-desk', 'http://localhost:5173'])
    const { router } = recordingRouter(async () => ({ ok: true, data: 'ok' }))
    expect(await handle('app:app.info', router, dev)(eventFrom('http://localhost:5173/#/x'), undefined)).toEqual({
      ok: true,
      data: 'ok',
    })
    expect(await handle('app:app.info', router, dev)(eventFrom('http://localhost:5174/'), undefined)).toMatchObject({
      ok: false,
    })
  })

  it('turns a router that throws into an internal error Result whose text quotes nothing of the exception', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const { router } = recordingRouter(async () => {
      throw new Error('GET https://api.example.com with Bearer tok_SECRET failed')
    })
    const result = await handle('api:agents.list', router, appOrigins)(eventFrom('app://agent-desk/'), {})
    expect(result).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'Something went wrong in the app', endpoint: 'api:agents.list' },
    })
    expect(JSON.stringify(result)).not.toContain('SECRET')
    expect(JSON.stringify(consoleError.mock.calls)).not.toContain('SECRET')
    consoleError.mockRestore()
  })

  it('turns an answer that is not a Result into an internal error', async () => {
    const router: ChannelRouter = { dispatch: async () => 'nonsense' as unknown as Result<unknown> }
    const result = await handle('api:agents.list', router, appOrigins)(eventFrom('app://agent-desk/'), {})
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } })
  })
})

describe('registerChannels', () => {
  it('registers a handler for every channel of the contract, and removes them all', () => {
    const handlers = new Map<string, unknown>()
    const ipcMain = {
      handle: (channel: string, fn: unknown) => void handlers.set(channel, fn),
      removeHandler: (channel: string) => void handlers.delete(channel),
    }
    const { router } = recordingRouter(async () => ({ ok: true, data: null }))
    const unregister = registerChannels(ipcMain, router, appOrigins)
    expect([...handlers.keys()].sort()).toEqual([...allChannels].sort())
    expect(allChannels.length).toBeGreaterThan(40)
    unregister()
    expect(handlers.size).toBe(0)
  })
})

describe('originOf', () => {
  it('gives scheme://host for custom schemes, which WHATWG leaves as "null"', () => {
    expect(new URL('app://agent-desk/x').origin).toBe('null')
    expect(originOf('app://agent-desk/x?y#z')).toBe('app://agent-desk')
    expect(originOf('http://localhost:5173/a')).toBe('http://localhost:5173')
    expect(originOf('file:///etc/passwd')).toBeNull()
  })
})

describe('forwardPushEvents', () => {
  it('sends each core event to every live window on the push channel', () => {
    let emit: (event: string, payload: unknown) => void = () => {}
    const source = {
      on: (listener: typeof emit) => {
        emit = listener
        return () => (emit = () => {})
      },
    }
    const live = new FakeWebContents()
    const dead = new FakeWebContents()
    dead.destroyed = true
    const stop = forwardPushEvents(source, () => [{ webContents: live }, { webContents: dead }])
    emit('connectivity', { online: false, since: 1 })
    expect(live.sent).toEqual([
      { channel: PUSH_CHANNEL, args: [{ event: 'connectivity', payload: { online: false, since: 1 } }] },
    ])
    expect(dead.sent).toEqual([])
    stop()
    emit('connectivity', { online: true, since: 2 })
    expect(live.sent).toHaveLength(1)
  })
})

describe('refused calls are logged', () => {
  const SECRET = 'payload-secret-token-0123456789'

  it('logs each refused sender with the channel and the reason, never the payload', async () => {
    const lines: string[] = []
    const log = createRefusalLog({ log: (l) => lines.push(l) })
    const { router, calls } = recordingRouter(async () => ({ ok: true, data: null }))
    const call = handle('app:profiles.setToken', router, appOrigins, log)
    await call(eventFrom('https://evil.example.com/x'), { token: SECRET })
    await call(eventFrom('app://agent-desk/index.html', { subframe: true }), { token: SECRET })
    await call(eventFrom('app://agent-desk/index.html', { noFrame: true }), { token: SECRET })
    expect(calls).toEqual([])
    expect(lines).toEqual([
      "[ipc] refused app:profiles.setToken: the sender's origin is not the app's (https://evil.example.com)",
      '[ipc] refused app:profiles.setToken: the sender is not the main frame',
      '[ipc] refused app:profiles.setToken: the sender frame is gone',
    ])
    expect(lines.join('\n')).not.toContain(SECRET)
  })

  it('logs an input the contract refuses, through the real router, without the input', async () => {
    const lines: string[] = []
    const log = createRefusalLog({ log: (l) => lines.push(l) })
    const router = createRouter({
      gateway: { run: async () => ({ data: null, meta: { source: 'network', fetchedAt: 0 } }) },
      activeProfile: async () => null,
      handlers: {
        'profiles.setToken': async () => {
          throw new Error('never called: the contract refuses the input first')
        },
      },
      emit: () => {},
      secrets: () => [],
      onRefused: log,
    })
    const call = (channel: string, input: unknown) =>
      handle(channel, router, appOrigins, log)(eventFrom('app://agent-desk/index.html'), input)
    await call('app:profiles.setToken', { profileId: 7, token: SECRET, [SECRET]: 1 })
    await call('api:agents.get', { path: { agentId: SECRET.repeat(100) } })
    await call('api:no.such', { token: SECRET })
    expect(lines).toHaveLength(3)
    expect(lines[0]).toMatch(
      /^\[ipc\] refused app:profiles\.setToken: the input does not match the contract \(\d+ problems?: /,
    )
    expect(lines[1]).toMatch(/^\[ipc\] refused api:agents\.get: the input does not match the contract/)
    expect(lines[2]).toBe('[ipc] refused api:no.such: no such channel')
    expect(lines.join('\n')).not.toContain(SECRET)
  })

  it('is bounded: beyond 20 a minute refusals are counted, and the count logged', () => {
    const lines: string[] = []
    let now = 0
    const log = createRefusalLog({ log: (l) => lines.push(l), now: () => now })
    for (let i = 0; i < 1000; i++) log('app:x', 'no such channel')
    expect(lines).toHaveLength(20)
    now = 60_000
    log('app:y', 'no such channel')
    expect(lines.slice(20)).toEqual([
      '[ipc] 980 more refused calls were not logged',
      '[ipc] refused app:y: no such channel',
    ])
  })

  it('escapes and clamps a hostile channel name', () => {
    const lines: string[] = []
    createRefusalLog({ log: (l) => lines.push(l) })(`app:\n[ipc] fake line${'x'.repeat(500)}`, 'no such channel')
    expect(lines[0]).not.toContain('\n')
    expect(lines[0].length).toBeLessThan(200)
  })
})
