import { randomBytes } from 'node:crypto'
import { mkdtempSync, rmSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import v8 from 'node:v8'
import type { Profile } from '../../electron/contract/app'
import { inputSchemaOf, type EndpointName } from '../../electron/contract/endpoints'
import { createApiClient } from '../../electron/core/api'
import { networkGateway } from '../../electron/core/gateway'
import { containsSecret, createRouter } from '../../electron/core/router'
import { handle, trustedOrigins, type InvokeSender } from '../../electron/main/ipc'
import { APP_ORIGIN } from '../../electron/main/protocol'
import { startSandbox } from '../../electron/sandbox/index'

/**
 * What the IPC path adds to a read: `handle()` (sender check) + the core router (schema parse,
 * secret scrub) + the structured clone of input and answer, against the same read made directly
 * with the same API client, on the same embedded service, interleaved in the same run. Cache off.
 * The cross-process hop of real Electron IPC is not in it (the binary cannot run here); V8's
 * serializer, which that hop uses, is. Figures only; nothing asserts on time.
 *
 * Where the added time goes is measured twice. In place: a second interleaved run of the direct
 * call, the direct call with the clone both ways, handle() without the clone and the full IPC
 * path, so each part is timed right after a request as it is in use. Alone: each step in a loop
 * of its own. The two differ: a clone made once after a request costs about twice the same clone
 * repeated (the request displaced the caches and the clone's warm state), so the parts measured
 * alone leave much of the added time unexplained.
 */

type Figure = { value: number; unit: string; baseline?: number; ratio?: number; note?: string }

const ITERATIONS = Number(process.env.BENCH_IPC_ITERATIONS ?? 2_000)
const WARMUP = 200
/** Rounds of the in-place split (four calls each), after the figures themselves are measured. */
const SPLIT_ROUNDS = Math.max(50, Math.round(ITERATIONS / 4))

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b)
  const mid = s.length >> 1
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2
}
const round = (n: number, digits = 4) => +n.toPrecision(digits)
/** What crosses Electron IPC, both ways: a V8 structured clone. */
const overIpc = <T>(value: T): T => v8.deserialize(v8.serialize(value)) as T

export default async function ipcBench(): Promise<Record<string, Figure>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'agent-desk-ipc-bench-'))
  const token = randomBytes(24).toString('base64url')
  const sandbox = await startSandbox({
    port: 0,
    host: '127.0.0.1',
    token,
    dbFile: path.join(dir, 'bench.sqlite'),
    bigChat: false,
  })
  try {
    const client = createApiClient({ baseUrl: sandbox.url, getToken: () => token, fetch, retries: 0 })
    const [workspace] = await client['workspaces.list']()
    const profile: Profile = {
      id: 'bench',
      label: 'Bench',
      kind: 'service',
      baseUrl: sandbox.url,
      workspaceId: workspace.id,
      rememberToken: false,
      hasToken: true,
      createdAt: 0,
    }
    const router = createRouter({
      gateway: networkGateway(() => client),
      activeProfile: async () => profile,
      handlers: {},
      emit: () => {},
      secrets: () => [token],
    })
    const origins = trustedOrigins([APP_ORIGIN])
    const mainFrame = { url: `${APP_ORIGIN}/index.html`, parent: null, processId: 1, routingId: 1 }
    const event = { sender: { mainFrame }, senderFrame: mainFrame } as unknown as InvokeSender
    const call = client.call as (name: EndpointName, input: unknown) => Promise<unknown>

    /** Median of the same read made directly and through IPC, interleaved. */
    async function measure(name: EndpointName, input: unknown) {
      const viaIpc = handle(`api:${name}`, router, origins)
      const direct = () => call(name, input)
      const ipc = async () => {
        const result = overIpc(await viaIpc(event, overIpc(input)))
        if (!result.ok) throw new Error(`${name} through IPC failed: ${result.error.kind}`)
        return result.data
      }
      const items = (await direct()) as unknown[]
      for (let i = 0; i < WARMUP; i++) {
        await direct()
        await ipc()
      }
      const directTimes: number[] = []
      const ipcTimes: number[] = []
      for (let i = 0; i < ITERATIONS; i++) {
        // Alternating order, so drift (GC, JIT, the service's own caches) hits both sides alike.
        const pair: [() => Promise<unknown>, number[]][] = [
          [direct, directTimes],
          [ipc, ipcTimes],
        ]
        if (i % 2) pair.reverse()
        for (const [run, times] of pair) {
          const started = performance.now()
          await run()
          times.push(performance.now() - started)
        }
      }
      const directMs = median(directTimes)
      const ipcMs = median(ipcTimes)
      // The load average says how much other work shared the CPUs: on a busy machine the ratio drifts.
      const load = loadavg()[0].toFixed(1)
      // Where the added time goes: each step of the IPC path alone, on the same input and answer.
      const answer = { ok: true, data: items }
      const part = (step: () => unknown) => {
        const times: number[] = []
        for (let i = 0; i < ITERATIONS; i++) {
          const started = performance.now()
          step()
          times.push(performance.now() - started)
        }
        return round(median(times), 3)
      }
      // The app's own path alone: handle() and the router over a gateway that answers at once with
      // the same items (no service, no clone): what of the added time is ours, not the clone's.
      const instantRouter = createRouter({
        gateway: { run: async () => ({ data: items, meta: { source: 'network', fetchedAt: 0 } }) },
        activeProfile: async () => profile,
        handlers: {},
        emit: () => {},
        secrets: () => [token],
      })
      const instantIpc = handle(`api:${name}`, instantRouter, origins)
      const ownTimes: number[] = []
      for (let i = 0; i < ITERATIONS; i++) {
        const started = performance.now()
        await instantIpc(event, input)
        ownTimes.push(performance.now() - started)
      }
      // The same parts in place: each round calls all four, in a rotating order, right after requests.
      const meta = { source: 'network', fetchedAt: 0 }
      const inPlace = {
        direct,
        cloned: async () => overIpc({ ok: true, data: await call(name, overIpc(input)), meta }),
        app: () => viaIpc(event, input),
        ipc,
      }
      const kinds = Object.keys(inPlace) as (keyof typeof inPlace)[]
      const placeTimes = Object.fromEntries(kinds.map((k) => [k, [] as number[]])) as Record<
        keyof typeof inPlace,
        number[]
      >
      for (let i = 0; i < SPLIT_ROUNDS; i++) {
        for (let k = 0; k < kinds.length; k++) {
          const kind = kinds[(k + i) % kinds.length]
          const started = performance.now()
          await inPlace[kind]()
          placeTimes[kind].push(performance.now() - started)
        }
      }
      const placeDirect = median(placeTimes.direct)
      const placed = {
        added: round(median(placeTimes.ipc) - placeDirect, 3),
        clone: round(median(placeTimes.cloned) - placeDirect, 3),
        app: round(median(placeTimes.app) - placeDirect, 3),
      }
      const parts = {
        ownPath: round(median(ownTimes), 3),
        cloneIn: part(() => overIpc(input)),
        inputParse: part(() => inputSchemaOf(name).safeParse(input)),
        secretCheck: part(() => containsSecret(items, [token])),
        cloneOut: part(() => overIpc(answer)),
      }
      return {
        directMs,
        ipcMs,
        ratio: ipcMs / directMs,
        what: `${name} (${items.length} items), ${ITERATIONS} interleaved calls, cache off, load average ${load}; added ${round(ipcMs - directMs, 3)} ms. In place (${SPLIT_ROUNDS} rounds of four interleaved calls, median ms over the direct call): the full path ${placed.added}, of which the clone both ways ${placed.clone} and handle() with the router over the service (sender check, input schema, secret check, promise hops; no clone) ${placed.app}. Each step alone (median ms): handle() and the router over a gateway answering at once ${parts.ownPath}, input clone ${parts.cloneIn}, input schema ${parts.inputParse}, the answer's secret check ${parts.secretCheck}, answer clone ${parts.cloneOut}`,
      }
    }

    const agents = await measure('agents.list', { path: { workspaceId: workspace.id } })
    const chats = await measure('chats.list', { path: { workspaceId: workspace.id }, query: { pageSize: 100 } })
    return {
      overheadRatio: {
        value: round(agents.ratio),
        unit: 'x',
        baseline: 1,
        ratio: round(agents.ratio),
        note: `median through handle()+router+structured clone / median direct API client; goal <= 1.2; ${agents.what}`,
      },
      medianViaIpc: {
        value: round(agents.ipcMs),
        unit: 'ms',
        baseline: round(agents.directMs),
        ratio: round(agents.ratio),
        note: `handle() + router + V8 clone both ways; ${agents.what}`,
      },
      medianDirect: { value: round(agents.directMs), unit: 'ms', note: `the API client alone; ${agents.what}` },
      overheadRatioChatsPage: {
        value: round(chats.ratio),
        unit: 'x',
        baseline: 1,
        ratio: round(chats.ratio),
        note: `the same for a larger answer: ${chats.what}; direct ${round(chats.directMs)} ms, via IPC ${round(chats.ipcMs)} ms`,
      },
    }
  } finally {
    await sandbox.close()
    rmSync(dir, { recursive: true, force: true })
  }
}
