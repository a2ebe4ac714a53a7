import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import fc from 'fast-check'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { z } from 'zod'
import { AppError, appChannels, type AppChannelName, type Result } from '../../../electron/contract/app'
import { endpoints, inputSchemaOf, type EndpointName } from '../../../electron/contract/endpoints'
import { allChannels } from '../../../electron/contract/ipc'
import { createDeskCore, type DeskCore } from '../../../electron/main/deskCore'
import { registerChannels, trustedOrigins, type IpcHandler, type InvokeSender } from '../../../electron/main/ipc'
import { startSandbox } from '../../../electron/sandbox/index'
import { FakeFrame, FakeWebContents } from './fakeElectron'

/**
 * Every channel of the contract, through the same `handle()` the shell registers, against the
 * core as the shell composes it (offline cache, updates) whose demo profile talks to the real
 * embedded service over loopback HTTP. Thousands of
 * random and hostile inputs: none may throw, each must answer a Result, the token never shows.
 */

// Enough runs that `npm test` makes at least MIN_CALLS hostile calls (checked from the settings,
// and each channel's test checks it made its own runs).
const RUNS_PER_CHANNEL = Number(process.env.FUZZ_RUNS ?? 170)
const MIN_CALLS = 10_000
/** Fixed so a run is repeatable; FUZZ_SEED=<n> replays another, and a failure prints the one used. */
const SEED = Number(process.env.FUZZ_SEED ?? 20_240_601)
let callCount = 0

let desk: DeskCore
let userData: string
const demoTokens: string[] = []
const openedExternal: string[] = []
const handlers = new Map<string, IpcHandler>()

/** Only loopback: a hostile profile URL must not make the test reach the internet. */
const loopbackFetch = (input: string, init?: RequestInit): Promise<Response> => {
  const host = new URL(input).hostname
  if (host !== '127.0.0.1' && host !== 'localhost') return Promise.reject(new TypeError('fetch failed'))
  return fetch(input, init)
}

function appEvent(): InvokeSender {
  const contents = new FakeWebContents()
  contents.mainFrame = new FakeFrame('app://agent-desk/index.html#/agents')
  return { sender: contents, senderFrame: contents.mainFrame } as unknown as InvokeSender
}

/** What crosses IPC is a structured clone, made by V8's serializer; values it refuses never arrive. */
function overIpc(input: unknown): { input: unknown } | null {
  try {
    return { input: v8.deserialize(v8.serialize(input)) }
  } catch {
    return null
  }
}

async function call(channel: string, input: unknown): Promise<Result<unknown>> {
  callCount++
  const handler = handlers.get(channel)
  if (!handler) throw new Error(`no handler for ${channel}`)
  return handler(appEvent(), input)
}

function describeInput(input: unknown): string {
  try {
    return String(JSON.stringify(input, (_k, v: unknown) => (typeof v === 'bigint' ? `${v}n` : v))).slice(0, 300)
  } catch {
    return String(input).slice(0, 300)
  }
}

function schemaOf(channel: string): z.ZodType {
  const name = channel.slice(channel.indexOf(':') + 1)
  return channel.startsWith('api:')
    ? inputSchemaOf(name as EndpointName)
    : (appChannels[name as AppChannelName].input as z.ZodType)
}

function assertResult(result: unknown, channel: string): asserts result is Result<unknown> {
  expect(result, channel).toBeTypeOf('object')
  const r = result as Result<unknown>
  if (r.ok) expect(r).toHaveProperty('data')
  else expect(AppError.safeParse(r.error).success, `${channel}: ${JSON.stringify(r.error)}`).toBe(true)
  const text = JSON.stringify(result) ?? ''
  for (const token of demoTokens) expect(text.includes(token), `${channel} leaked the token`).toBe(false)
}

// ---- hostile values ------------------------------------------------------------------------------

const traversalIds = fc.constantFrom(
  '..',
  '../',
  '../../etc/passwd',
  '..\\..\\windows',
  'a/b',
  '/',
  '\\',
  'x/../y',
  '.',
  '',
  'a\u0000b',
  '\n',
  'id\u001f',
  'id\u007f',
  'x'.repeat(257),
)
const controlChars = fc.string({
  unit: fc.integer({ min: 0, max: 31 }).map((c) => String.fromCharCode(c)),
  minLength: 1,
})
const hugeString = fc.integer({ min: 10_000, max: 1_000_000 }).map((n) => 'A'.repeat(n))
const protoKeys = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'hasOwnProperty', 'valueOf')
const pollution = protoKeys.map(
  (key) => JSON.parse(`{"${key}": {"polluted": true, "prototype": {"polluted": true}}}`) as Record<string, unknown>,
)
const deep = fc.integer({ min: 50, max: 3_000 }).map((depth) => {
  let value: unknown = 'bottom'
  for (let i = 0; i < depth; i++) value = i % 2 ? { next: value } : [value]
  return value
})
const wrongTypes = fc.oneof(
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.bigInt(),
  fc.date(),
  fc.uint8Array({ maxLength: 64 }),
  fc.constant(Number.NaN),
  fc.array(fc.jsonValue(), { maxLength: 5 }),
  fc.string(),
)
const hostileString = fc.oneof(fc.string(), controlChars, traversalIds, protoKeys, hugeString)
const anyHostile = fc.oneof(
  { weight: 3, arbitrary: fc.jsonValue() },
  { weight: 2, arbitrary: fc.anything({ withNullPrototype: true, withMap: true, withSet: true }) },
  { weight: 2, arbitrary: wrongTypes },
  { weight: 1, arbitrary: pollution },
  { weight: 1, arbitrary: deep },
  { weight: 1, arbitrary: hostileString },
)

/** Inputs shaped like the endpoint's own, with hostile values in the slots the schema checks. */
function shapedInput(name: EndpointName) {
  const def = endpoints[name]
  const pathArb =
    def.params.length === 0
      ? fc.constant(undefined)
      : fc.record(Object.fromEntries(def.params.map((p) => [p, fc.oneof(hostileString, fc.constant('wsp_demo'))])))
  return fc.record(
    {
      path: pathArb,
      query: fc.oneof(fc.dictionary(fc.oneof(fc.string(), protoKeys), anyHostile, { maxKeys: 4 }), anyHostile),
      body: anyHostile,
    },
    { requiredKeys: [] },
  )
}

/** Runs a property and, if it fails, says which seed to replay it with (FUZZ_SEED). */
async function withSeed(seed: number, run: () => Promise<void>): Promise<void> {
  try {
    await run()
  } catch (err) {
    console.error(`[ipc fuzz] failed with seed ${seed}: replay with FUZZ_SEED=${seed}`)
    throw err
  }
}

// ---- setup ---------------------------------------------------------------------------------------

beforeAll(async () => {
  userData = mkdtempSync(path.join(tmpdir(), 'agent-desk-fuzz-'))
  desk = await createDeskCore({
    isPackaged: false,
    userDataDir: userData,
    fetch: loopbackFetch,
    keytarLoader: null,
    safeStorage: null,
    startDemoService: async ({ dbFile, token }) => {
      demoTokens.push(token)
      return startSandbox({ port: 0, host: '127.0.0.1', token, dbFile, bigChat: false })
    },
    openExternal: (url) => void openedExternal.push(url),
    appInfo: { version: '0.0.0-fuzz', platform: process.platform, systemLocale: 'en', preview: false },
    apiRetries: 0,
    apiTimeoutMs: 5_000,
  })
  const ipcMain = {
    handle: (channel: string, handler: IpcHandler) => void handlers.set(channel, handler),
    removeHandler: (channel: string) => void handlers.delete(channel),
  }
  registerChannels(ipcMain, desk.core.router, trustedOrigins(['app://agent-desk']))
  const demo = await call('app:profiles.openDemo', undefined)
  expect(demo).toMatchObject({ ok: true, data: { kind: 'demo' } })
}, 60_000)

afterAll(async () => {
  await desk?.dispose()
  rmSync(userData, { recursive: true, force: true })
})

// ---- properties ------------------------------------------------------------------------------------

describe('every IPC channel under random and hostile input', () => {
  it('has a handler for every channel of the contract', () => {
    expect([...handlers.keys()].sort()).toEqual([...allChannels].sort())
  })

  it('answers a valid read through the real service, so the fuzzing reaches past validation', async () => {
    const profiles = await call('app:profiles.list', undefined)
    expect(profiles.ok).toBe(true)
    const workspaces = await call('api:workspaces.list', undefined)
    expect(workspaces).toMatchObject({ ok: true, meta: { source: 'network' } })
  })

  it.each(allChannels)(
    '%s never throws and always answers a Result',
    async (channel) => {
      await call('app:profiles.openDemo', undefined)
      const name = channel.slice(channel.indexOf(':') + 1)
      const isApi = channel.startsWith('api:')
      const before = callCount
      const inputs = isApi
        ? fc.oneof({ weight: 2, arbitrary: shapedInput(name as EndpointName) }, { weight: 1, arbitrary: anyHostile })
        : fc.oneof(anyHostile, fc.record({ profileId: hostileString, url: hostileString, token: hostileString }))
      await withSeed(SEED, () =>
        fc.assert(
          fc.asyncProperty(inputs, async (raw) => {
            const sent = overIpc(raw)
            if (!sent) return
            const result = await call(channel, sent.input)
            assertResult(result, channel)
            // What the contract's schema refuses must come back as a validation error, whatever else it is.
            if (!schemaOf(channel).safeParse(isApi ? (sent.input ?? {}) : sent.input).success)
              expect(result, `${channel} accepted ${describeInput(sent.input)}`).toMatchObject({
                ok: false,
                error: { kind: 'validation' },
              })
          }),
          { numRuns: RUNS_PER_CHANNEL, seed: SEED },
        ),
      )
      // Not vacuous: most generated values survive V8's clone and reach the handler.
      expect(callCount - before, channel).toBeGreaterThanOrEqual(RUNS_PER_CHANNEL / 2)
    },
    60_000,
  )

  it('refuses a path id that could escape its route, on every operation with a path, as a validation error', async () => {
    const withParams = (Object.keys(endpoints) as EndpointName[]).filter((n) => endpoints[n].params.length > 0)
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...withParams), traversalIds, async (name, id) => {
        const def = endpoints[name]
        const input = { path: Object.fromEntries(def.params.map((p) => [p, id])) }
        const result = await call(`api:${name}`, input)
        assertResult(result, name)
        expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } })
      }),
      { numRuns: 300, seed: 7 },
    )
  })

  it('refuses prototype-pollution keys and wrong top-level types as validation errors', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...allChannels.filter((c) => c.startsWith('api:'))),
        fc.oneof(pollution, fc.integer(), fc.string(), fc.boolean(), fc.array(fc.integer(), { minLength: 1 })),
        async (channel, input) => {
          const result = await call(channel, overIpc(input)?.input)
          assertResult(result, channel)
          expect(result).toMatchObject({ ok: false, error: { kind: 'validation' } })
        },
      ),
      { numRuns: 400, seed: 11 },
    )
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(Object.prototype).not.toHaveProperty('polluted')
  })

  it('answers an unknown channel with a Result', async () => {
    const ipcMain = { handle: () => {}, removeHandler: () => {} }
    const extra = new Map<string, IpcHandler>()
    registerChannels(
      { ...ipcMain, handle: (c: string, h: IpcHandler) => void extra.set(c, h) },
      desk.core.router,
      trustedOrigins(['app://agent-desk']),
      ['api:nope', 'app:__proto__', 'constructor', ''],
    )
    for (const [channel, handler] of extra) assertResult(await handler(appEvent(), {}), channel)
  })

  it(`makes at least ${MIN_CALLS} hostile calls across the channels (by default)`, () => {
    const total = RUNS_PER_CHANNEL * allChannels.length
    console.info(`[ipc fuzz] ${total} calls planned, seed ${SEED}`)
    if (process.env.FUZZ_RUNS === undefined) expect(total).toBeGreaterThanOrEqual(MIN_CALLS)
  })

  it('opens no link but an https one, whatever shell.openExternal is given', async () => {
    const tried: string[] = []
    await withSeed(SEED, () =>
      fc.assert(
        fc.asyncProperty(
          fc.oneof(
            fc.webUrl({ validSchemes: ['https', 'http', 'file', 'javascript', 'app'] }),
            hostileString,
            fc.constantFrom('javascript:alert(1)', 'file:///etc/passwd', 'app://agent-desk/x', 'HTTPS://ok.example'),
          ),
          async (url) => {
            tried.push(url)
            const opened = openedExternal.length
            const result = await call('app:shell.openExternal', { url })
            assertResult(result, 'shell.openExternal')
            const added = openedExternal.slice(opened)
            expect(added.length, url).toBe(result.ok && (result.data as { opened: boolean }).opened ? 1 : 0)
            for (const u of added) expect(u.startsWith('https://'), u).toBe(true)
          },
        ),
        { numRuns: 200, seed: SEED },
      ),
    )
    // Not vacuous: a plain https link is opened, and one of each refused kind was tried.
    const opened = openedExternal.length
    expect(await call('app:shell.openExternal', { url: 'https://gptmaker.ai/docs' })).toMatchObject({
      ok: true,
      data: { opened: true },
    })
    expect(openedExternal.slice(opened)).toEqual(['https://gptmaker.ai/docs'])
    expect(await call('app:shell.openExternal', { url: 'javascript:alert(1)' })).toMatchObject({
      ok: true,
      data: { opened: false },
    })
    expect(openedExternal).toHaveLength(opened + 1)
    expect(tried.length).toBe(200)
  })
})
