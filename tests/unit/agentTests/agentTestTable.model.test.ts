import fc from 'fast-check'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { memoryShelf } from '../../../electron/core/agentTests/agentTestsLayer'
import { CacheServer } from '../../../electron/core/cache/cacheServer'

/**
 * The agent tests' table in the encrypted cache and the in-memory shelf (used while the cache
 * cannot open) against one model: any sequence of case writes, deletes and runs leaves both with
 * the same cases in the order they were first added, and the newest `keep` runs, newest first.
 */
type Op =
  | { op: 'putCase'; agent: string; id: string; v: number }
  | { op: 'deleteCase'; agent: string; id: string }
  | { op: 'putRun'; agent: string; id: string; at: number; v: number }

const agent = fc.constantFrom('A', 'B')
const id = fc.constantFrom('x', 'y', 'z', 'w')
const ops = fc.array(
  fc.oneof(
    fc.record({ op: fc.constant('putCase' as const), agent, id, v: fc.nat(99) }),
    fc.record({ op: fc.constant('deleteCase' as const), agent, id }),
    fc.record({ op: fc.constant('putRun' as const), agent, id, at: fc.nat(20), v: fc.nat(99) }),
  ),
  { maxLength: 40 },
)
const KEEP = 3

interface Model {
  cases: Map<string, { id: string; json: string }[]>
  runs: Map<string, { id: string; at: number; json: string }[]>
}

function apply(model: Model, o: Op): void {
  if (o.op === 'putCase') {
    const list = model.cases.get(o.agent) ?? []
    const at = list.findIndex((c) => c.id === o.id)
    const json = JSON.stringify({ id: o.id, v: o.v })
    if (at < 0) list.push({ id: o.id, json })
    else list[at] = { id: o.id, json }
    model.cases.set(o.agent, list)
  } else if (o.op === 'deleteCase') {
    model.cases.set(
      o.agent,
      (model.cases.get(o.agent) ?? []).filter((c) => c.id !== o.id),
    )
  } else {
    const list = model.runs.get(o.agent) ?? []
    const existing = list.find((r) => r.id === o.id)
    const json = JSON.stringify({ id: o.id, v: o.v })
    // A run written again keeps when it started; only its content changes.
    const next = existing
      ? list.map((r) => (r.id === o.id ? { ...r, json } : r))
      : [...list, { id: o.id, at: o.at, json }]
    next.sort((a, b) => b.at - a.at || (a.id < b.id ? 1 : -1))
    model.runs.set(o.agent, next.slice(0, KEEP))
  }
}

const dir = mkdtempSync(join(tmpdir(), 'agent-test-table-'))
afterAll(() => rmSync(dir, { recursive: true, force: true }))
let n = 0

describe('the agent tests table (model-based)', () => {
  it('keeps what the model keeps, in the cache file and in memory alike', async () => {
    await fc.assert(
      fc.asyncProperty(ops, async (sequence) => {
        const server = new CacheServer(join(dir, `t${n++}.sqlite`), 'ef'.repeat(32))
        const memory = memoryShelf()
        const model: Model = { cases: new Map(), runs: new Map() }
        try {
          for (const o of sequence) {
            apply(model, o)
            if (o.op === 'putCase') {
              const json = JSON.stringify({ id: o.id, v: o.v })
              server.call('agentTests.putCases', [o.agent, [{ id: o.id, json }]])
              await memory.putCases(o.agent, [{ id: o.id, json }])
            } else if (o.op === 'deleteCase') {
              server.call('agentTests.deleteCase', [o.agent, o.id])
              await memory.deleteCase(o.agent, o.id)
            } else {
              const json = JSON.stringify({ id: o.id, v: o.v })
              server.call('agentTests.putRun', [o.agent, o.id, o.at, json, KEEP])
              // The memory shelf is told the same start time a kept run had (the layer always passes it).
              const kept = (model.runs.get(o.agent) ?? []).find((r) => r.id === o.id)
              await memory.putRun(o.agent, o.id, kept?.at ?? o.at, json, KEEP)
            }
            for (const a of ['A', 'B']) {
              const cases = (model.cases.get(a) ?? []).map((c) => c.json)
              const runs = (model.runs.get(a) ?? []).map((r) => r.json)
              expect(server.call('agentTests.cases', [a])).toEqual(cases)
              expect(await memory.cases(a)).toEqual(cases)
              expect(server.call('agentTests.runs', [a, 100])).toEqual(runs)
              expect(await memory.runs(a, 100)).toEqual(runs)
            }
          }
        } finally {
          server.db.close()
        }
      }),
      { numRuns: 60, seed: Number(process.env.FC_SEED ?? Date.now() % 1_000_000), verbose: true },
    )
  })
})
