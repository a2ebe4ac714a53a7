import v8 from 'node:v8'
import fc from 'fast-check'
import { afterEach, beforeEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import { z } from 'zod'
import { AppFailure, appError, type PushEventName, type Result } from '../../../electron/contract/app'
import type { Profile } from '../../../electron/contract/app/profiles'
import { endpointNames } from '../../../electron/contract/endpoints'
import type { ApiGateway } from '../../../electron/core/gateway'
import {
  type AppHandler,
  type AppHandlerInput,
  type AppHandlers,
  containsSecret,
  createRouter,
  scrubError,
  type SomeAppHandlers,
} from '../../../electron/core/router'

const SECRET = 'tok-0123456789-secret'
const profile: Profile = {
  id: 'p1',
  label: 'Acme',
  kind: 'service',
  baseUrl: 'https://api.example.com',
  workspaceId: 'ws1',
  rememberToken: true,
  hasToken: true,
  createdAt: 1,
}

function setup(opts: { gateway?: ApiGateway; handlers?: SomeAppHandlers; active?: Profile | null }) {
  const events: { event: PushEventName; payload: unknown }[] = []
  const calls: { name: string; input: unknown }[] = []
  const gateway: ApiGateway = opts.gateway ?? {
    async run(_p, name, input) {
      calls.push({ name, input })
      return { data: [{ id: 'a1', name: 'Agent' }], meta: { source: 'network', fetchedAt: 5 } }
    },
  }
  const router = createRouter({
    gateway,
    activeProfile: async () => (opts.active === undefined ? profile : opts.active),
    handlers: opts.handlers ?? {},
    emit: (event, payload) => events.push({ event, payload }),
    secrets: () => [SECRET],
  })
  return { router, events, calls }
}

function expectNoSecret(result: Result<unknown>) {
  expect(JSON.stringify(result)).not.toContain(SECRET)
}

describe('router', () => {
  it('lists an api channel for every endpoint and an app channel for every handler', () => {
    const { router } = setup({ handlers: { 'vault.status': () => ({ backend: 'memory', weak: false }) } })
    expect(router.channels()).toEqual([...endpointNames.map((n) => `api:${n}`), 'app:vault.status'])
  })

  it('refuses a handler for a channel the contract does not declare', () => {
    // The types refuse it; a JavaScript caller (or a cast) could still pass one.
    const stray: Record<string, unknown> = { 'nope.nothing': () => 1 }
    expect(() => setup({ handlers: stray as SomeAppHandlers })).toThrow(/not in the contract/)
  })

  it('runs an api channel through the gateway with the parsed input and passes meta through', async () => {
    const { router, calls } = setup({})
    const result = await router.dispatch('api:agents.list', {
      path: { workspaceId: 'ws1' },
      query: { page: '2', pageSize: 10 },
    })
    expect(result).toEqual({
      ok: true,
      data: [{ id: 'a1', name: 'Agent' }],
      meta: { source: 'network', fetchedAt: 5 },
    })
    // The schema coerces page numbers: the gateway sees the parsed input.
    expect(calls).toEqual([
      { name: 'agents.list', input: { path: { workspaceId: 'ws1' }, query: { page: 2, pageSize: 10 } } },
    ])
  })

  it('answers a validation error with fields and never calls the gateway for a bad input', async () => {
    const { router, calls } = setup({})
    const result = await router.dispatch('api:agents.get', { path: { agentId: '../etc' }, extra: 1 })
    expect(result.ok).toBe(false)
    if (result.ok) return
    expect(result.error.kind).toBe('validation')
    expect(result.error.endpoint).toBe('agents.get')
    expect(result.error.fields).toMatchObject({ 'path.agentId': expect.any(String), _: expect.any(String) })
    expect(calls).toEqual([])
  })

  it.each(['api:agents.nothing', 'app:nothing.here', 'agents.list', 'api:', '', 'api:__proto__', 'app:constructor'])(
    'answers an unknown channel %j with an error Result',
    async (channel) => {
      const { router } = setup({})
      const result = await router.dispatch(channel, {})
      expect(result).toEqual({ ok: false, error: { kind: 'internal', message: 'Unknown channel' } })
    },
  )

  it('answers a declared app channel without a handler with an error', async () => {
    const { router } = setup({})
    const result = await router.dispatch('app:vault.status', undefined)
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } })
  })

  it('asks to connect first when no profile is active', async () => {
    const { router, calls, events } = setup({ active: null })
    const result = await router.dispatch('api:workspaces.list', undefined)
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', message: 'Connect to a workspace first' } })
    expect(calls).toEqual([])
    expect(events).toEqual([])
  })

  it('emits auth.required when the service refuses the token', async () => {
    const { router, events } = setup({
      gateway: {
        run: async () => {
          throw new AppFailure(appError('auth', 'Forbidden', { status: 403, endpoint: 'agents.list' }))
        },
      },
    })
    const result = await router.dispatch('api:agents.list', { path: { workspaceId: 'ws1' } })
    expect(result).toMatchObject({ ok: false, error: { kind: 'auth', status: 403 } })
    expect(events).toEqual([{ event: 'auth.required', payload: { profileId: 'p1', endpoint: 'agents.list' } }])
  })

  it('scrubs the token out of an error the service echoed', async () => {
    const { router } = setup({
      gateway: {
        run: async () => {
          throw new AppFailure(appError('server', `bad token ${SECRET} here`, { fields: { x: SECRET } }))
        },
      },
    })
    const result = await router.dispatch('api:workspaces.list', undefined)
    expectNoSecret(result)
    expect(result).toMatchObject({
      ok: false,
      error: { message: 'bad token [secret] here', fields: { x: '[secret]' } },
    })
  })

  it('turns an unexpected exception into an internal error without its message or stack', async () => {
    const { router } = setup({
      gateway: {
        run: async () => {
          throw new Error(`connect failed with Bearer ${SECRET}`)
        },
      },
      handlers: {
        'vault.status': () => {
          throw new TypeError(`boom ${SECRET}`)
        },
      },
    })
    for (const [channel, input] of [
      ['api:workspaces.list', undefined],
      ['app:vault.status', undefined],
    ] as const) {
      const result = await router.dispatch(channel, input)
      expect(result).toMatchObject({
        ok: false,
        error: { kind: 'internal', message: 'Something went wrong in the app' },
      })
      expectNoSecret(result)
      expect(JSON.stringify(result)).not.toContain('boom')
    }
  })

  it('scrubs a token passed in the input of an app channel out of its error', async () => {
    const typed = 'typed-but-not-stored-token'
    const { router } = setup({
      handlers: {
        'profiles.testConnection': () => {
          throw new AppFailure(appError('auth', `refused ${typed}`))
        },
      },
    })
    const result = await router.dispatch('app:profiles.testConnection', { baseUrl: 'https://x.example', token: typed })
    expect(JSON.stringify(result)).not.toContain(typed)
  })

  it('withholds an answer that would carry a secret', async () => {
    const { router } = setup({
      handlers: { 'vault.status': () => ({ backend: 'memory', weak: false, detail: SECRET }) },
    })
    const result = await router.dispatch('app:vault.status', undefined)
    expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } })
    expectNoSecret(result)
  })

  it('answers an error, not a throw, for data that cannot be serialised', async () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    const { router } = setup({ handlers: { 'drafts.load': () => ({ found: true, value: cyclic }) } })
    expect(await router.dispatch('app:drafts.load', { key: 'k' })).toMatchObject({
      ok: false,
      error: { kind: 'internal' },
    })
  })

  it('validates app channel input with the contract schema', async () => {
    let called = false
    const { router } = setup({
      handlers: {
        'settings.update': () => {
          called = true
          return {}
        },
      },
    })
    const result = await router.dispatch('app:settings.update', { theme: 'neon', bogus: 1 })
    expect(called).toBe(false)
    expect(result).toMatchObject({ ok: false, error: { kind: 'validation', fields: { theme: expect.any(String) } } })
  })

  it('passes the abort signal to the gateway', async () => {
    let got: AbortSignal | undefined
    const { router } = setup({
      gateway: {
        run: async (_p, _n, _i, o) => {
          got = o?.signal
          return { data: [], meta: { source: 'network', fetchedAt: 1 } }
        },
      },
    })
    const controller = new AbortController()
    await router.dispatch('api:workspaces.list', undefined, { signal: controller.signal })
    expect(got).toBe(controller.signal)
  })
})

describe('scrubError', () => {
  it('leaves short strings alone so ordinary words survive', () => {
    expect(scrubError({ kind: 'server', message: 'a b c' }, ['a', ''])).toEqual({ kind: 'server', message: 'a b c' })
  })

  it('replaces every occurrence of every secret', () => {
    const out = scrubError({ kind: 'server', message: `${SECRET}/${SECRET}`, endpoint: SECRET }, [SECRET])
    expect(
      z.object({ message: z.literal('[secret]/[secret]'), endpoint: z.literal('[secret]') }).safeParse(out).success,
    ).toBe(true)
  })
})

describe('the secret check of an answer', () => {
  // Each withheld answer is logged; hundreds of runs would bury the test report.
  beforeEach(() => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined)
  })
  afterEach(() => {
    vi.restoreAllMocks()
  })

  /** Plants `secret` at the `pick`-th place of `value` where a text can be: in a string, as a key, in an array. */
  function plant(value: unknown, pick: number, secret: string): unknown {
    const slots: ((s: string) => void)[] = []
    const root = { v: structuredClone(value) }
    const visit = (holder: Record<string | number, unknown>, key: string | number) => {
      const v = holder[key]
      if (typeof v === 'string') slots.push((s) => (holder[key] = `${v.slice(0, 3)}${s}${v.slice(3)}`))
      else if (Array.isArray(v)) {
        slots.push((s) => v.push(s))
        v.forEach((_, i) => visit(v as unknown as Record<number, unknown>, i))
      } else if (v && typeof v === 'object') {
        const record = v as Record<string, unknown>
        slots.push((s) => (record[`k${s}`] = 1))
        for (const k of Object.keys(record)) visit(record, k)
      }
    }
    visit(root, 'v')
    if (slots.length === 0) return [value, secret]
    slots[pick % slots.length](secret)
    return root.v
  }

  /** How the answer could be wrapped in what a structured clone copies but JSON text does not show. */
  const wrappers: Record<string, (v: unknown) => unknown> = {
    plain: (v) => v,
    map: (v) => new Map([['k', v]]),
    mapKey: (v) => new Map([[JSON.stringify(v), 1]]),
    set: (v) => new Set([v]),
    error: (v) => new Error(JSON.stringify(v)),
    bytes: (v) => new TextEncoder().encode(JSON.stringify(v)),
    deep: (v) => Array.from({ length: 100 }).reduce<unknown>((inner) => ({ inner }), v),
  }

  function routerAnswering(data: () => unknown, secrets: string[]) {
    return createRouter({
      gateway: { run: async () => ({ data: data(), meta: { source: 'network', fetchedAt: 1 } }) },
      activeProfile: async () => profile,
      handlers: { 'drafts.load': () => ({ found: true, value: data() }) },
      emit: () => undefined,
      secrets: () => secrets,
    })
  }

  it('withholds every answer with the token planted anywhere it could be, on api and app channels alike', async () => {
    const secret = fc.stringMatching(/^[A-Za-z0-9_-]{6,40}$/)
    await fc.assert(
      fc.asyncProperty(
        fc.jsonValue(),
        fc.nat(),
        secret,
        fc.constantFrom(...Object.keys(wrappers)),
        fc.constantFrom('api:workspaces.list', 'app:drafts.load'),
        async (value, pick, token, wrap, channel) => {
          const planted = wrappers[wrap](plant(value, pick, token))
          const router = routerAnswering(() => planted, ['another-secret-000', token])
          const result = await router.dispatch(channel, channel.startsWith('app:') ? { key: 'k' } : undefined)
          expect(result).toMatchObject({ ok: false, error: { kind: 'internal' } })
          // What would cross IPC: the V8 clone, in both of its string encodings.
          const wire = v8.serialize(result)
          expect(wire.includes(Buffer.from(token, 'latin1'))).toBe(false)
          expect(wire.includes(Buffer.from(token, 'utf16le'))).toBe(false)
        },
      ),
      { numRuns: 300, verbose: true },
    )
  })

  it('lets every answer without a secret through unchanged', async () => {
    await fc.assert(
      fc.asyncProperty(fc.jsonValue(), async (value) => {
        const router = routerAnswering(() => value, ['a-secret-not-in-any-json-value'])
        expect(await router.dispatch('api:workspaces.list', undefined)).toEqual({
          ok: true,
          data: value,
          meta: { source: 'network', fetchedAt: 1 },
        })
      }),
      { numRuns: 200, verbose: true },
    )
  })

  it('finds a token of digits in a number, and a token in a key', () => {
    expect(containsSecret({ n: 12345678901 }, ['2345678'])).toBe(true)
    expect(containsSecret({ n: 12345678901 }, ['tok-2345678'])).toBe(false)
    expect(containsSecret({ [`x${SECRET}`]: 1 }, [SECRET])).toBe(true)
    expect(containsSecret([{ a: ['b', { c: `..${SECRET}..` }] }], [SECRET])).toBe(true)
  })

  it('withholds what cannot be checked or sent: a cycle, a BigInt', () => {
    const cyclic: Record<string, unknown> = {}
    cyclic.self = cyclic
    expect(containsSecret(cyclic, [SECRET])).toBe(true)
    expect(containsSecret({ n: 1n }, [SECRET])).toBe(true)
  })

  it('ignores secrets too short to scrub, as the error scrub does', () => {
    expect(containsSecret({ a: 'abc' }, ['abc', ''])).toBe(false)
    expect(containsSecret(undefined, [SECRET])).toBe(false)
  })
})

describe('app handlers typed by the contract', () => {
  it('types the input as the schema parses it and the answer as the output schema accepts it (checked by tsc)', async () => {
    const load: AppHandler<'drafts.load'> = ({ key }) => ({ found: key.length > 0, value: null })
    expectTypeOf<AppHandlerInput<'drafts.load'>>().toEqualTypeOf<{ key: string }>()
    // A default of the input schema is filled in before the handler runs: `limit` is never undefined.
    expectTypeOf<AppHandlerInput<'messages.page'>['limit']>().toEqualTypeOf<number>()
    // @ts-expect-error -- an answer the channel's output schema refuses does not compile
    const wrong: AppHandler<'drafts.save'> = () => ({ kept: 'somewhere' })
    // @ts-expect-error -- a composition that leaves a channel of its set out does not compile
    const partial: AppHandlers<'drafts.load' | 'drafts.remove'> = { 'drafts.load': load }
    expect(await load({ key: 'k' }, { activeProfile: async () => null })).toEqual({ found: true, value: null })
    expect([typeof wrong, typeof partial]).toEqual(['function', 'object'])
  })

  it('calls in process through the same checks as IPC, typed by name, and throws a failed answer', async () => {
    const { router } = setup({
      handlers: {
        'drafts.load': ({ key }) => ({ found: true, value: key, extra: 'stripped by the output schema' }),
        'drafts.remove': () => {
          throw new AppFailure(appError('not_found', 'gone'))
        },
      },
    })
    const loaded = await router.call('drafts.load', { key: 'k1' })
    expectTypeOf(loaded).toEqualTypeOf<{ found: boolean; value: unknown }>()
    expect(loaded).toEqual({ found: true, value: 'k1' })
    await expect(router.call('drafts.remove', { key: 'k1' })).rejects.toMatchObject({ error: { kind: 'not_found' } })
    // @ts-expect-error -- an input the channel's schema does not describe does not compile
    await expect(router.call('drafts.load', { nope: 1 })).rejects.toMatchObject({ error: { kind: 'validation' } })
    const agents = await router.endpoint('agents.list', { path: { workspaceId: 'ws1' } })
    expect(agents).toEqual([{ id: 'a1', name: 'Agent' }])
  })
})
