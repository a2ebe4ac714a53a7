import { describe, expect, it } from 'vitest'
import {
  endpointNames,
  endpoints,
  fillPath,
  type EndpointDef,
  type EndpointName,
} from '../../electron/contract/endpoints'
import type { CallOptions } from '../../electron/core/api'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { failureOf } from './failureOf'
import { badBodies, sampleInputs } from './sampleInputs'
import { useSandbox, WRONG_TOKEN, type SandboxSession } from './sandboxSession'

/** The checks every operation of the table must pass on the wire, looped over the table itself. */

const session = useSandbox()

type Sample = { path?: Record<string, string>; query?: Record<string, unknown>; body?: unknown }
const sampleOf = (name: EndpointName) => sampleInputs[name] as Sample

/** Calls any operation with any input: the point here is to send what the types would refuse. */
function callLoosely(s: SandboxSession, name: EndpointName, input: unknown, opts?: CallOptions): Promise<unknown> {
  return (s.api.call as (n: EndpointName, i?: unknown, o?: CallOptions) => Promise<unknown>)(name, input, opts)
}

function rawPathOf(def: EndpointDef, sample: Sample): string {
  const query = new URLSearchParams(
    Object.entries(sample.query ?? {})
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, String(v)]),
  ).toString()
  return fillPath(def.path, sample.path) + (query ? `?${query}` : '')
}

/** Ids that would leave their segment if sent unencoded; the last one would land on the agents list. */
const ESCAPING_IDS = ['../x', 'a/b', '..', 'a\\b', `../workspace/${SEED_FACTS.workspaceId}/agents`]

const withParams = endpointNames.filter((name) => endpoints[name].params.length > 0)
const withBody = endpointNames.filter((name) => endpoints[name].body !== undefined)

describe.each(endpointNames)('%s on the wire: token', (name) => {
  const def: EndpointDef = endpoints[name]

  it('a wrong token is refused with auth 403 carrying the service text, never the token', async () => {
    const sample = sampleOf(name)
    const raw = await session.raw(def.method, rawPathOf(def, sample), {
      token: WRONG_TOKEN,
      body: sample.body === undefined ? undefined : JSON.stringify(sample.body),
    })
    expect(raw.status).toBe(403)
    const serviceText = (raw.body as { error: string }).error
    const error = await failureOf(
      (session.wrongTokenApi.call as (n: EndpointName, i?: unknown) => Promise<unknown>)(name, sample),
    )
    expect(error).toEqual({ kind: 'auth', status: 403, message: serviceText, endpoint: name })
    expect(JSON.stringify(error)).not.toContain(WRONG_TOKEN)
  })
})

describe.each(withParams)('%s on the wire: path parameters', (name) => {
  const def: EndpointDef = endpoints[name]

  it('an id that could escape its path segment never leaves the client', async () => {
    const sample = sampleOf(name)
    for (const param of def.params) {
      for (const id of ESCAPING_IDS) {
        const before = session.sent.length
        const error = await failureOf(callLoosely(session, name, { ...sample, path: { ...sample.path, [param]: id } }))
        expect(error.kind, id).toBe('validation')
        expect(Object.keys(error.fields ?? {}), id).toContain(`path.${param}`)
        expect(session.sent.length, id).toBe(before)
      }
    }
  })

  it('the encoded form of such an id is refused by the service, not routed elsewhere', async () => {
    const sample = sampleOf(name)
    for (const param of def.params) {
      for (const id of ESCAPING_IDS) {
        const path = rawPathOf(def, { ...sample, path: { ...sample.path, [param]: id } })
        const body = sample.body === undefined ? undefined : JSON.stringify(sample.body)
        const raw = await session.raw(def.method, path, { body })
        expect([400, 404], `${param}=${id}`).toContain(raw.status)
        expect(raw.body, `${param}=${id}`).toEqual({ error: expect.any(String) })
      }
    }
  })
})

describe.each(withBody)('%s on the wire: body', (name) => {
  const def: EndpointDef = endpoints[name]

  it('a body that breaks the schema is stopped by the client and refused by the service', async () => {
    const bad = badBodies[name]
    expect(bad, `badBodies has no entry for ${name}`).toBeDefined()
    if (!bad) return
    const sample = sampleOf(name)
    const before = session.sent.length
    const error = await failureOf(callLoosely(session, name, { ...sample, body: bad.body }))
    expect(error.kind).toBe('validation')
    expect(Object.keys(error.fields ?? {})).toContain(bad.field)
    expect(session.sent.length).toBe(before)

    for (const body of [JSON.stringify(bad.body), '{not json', '[]', '']) {
      const raw = await session.raw(def.method, rawPathOf(def, sample), { body })
      expect(raw.status, body).toBe(400)
      expect(raw.body, body).toEqual({ error: expect.any(String) })
    }
  })
})
