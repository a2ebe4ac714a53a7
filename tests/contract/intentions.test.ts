import { describe, expect, it } from 'vitest'
import type { IdleConfigInput } from '../../electron/contract/resources/idleAction'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { failureOf } from './failureOf'
import { useSandbox } from './sandboxSession'

const session = useSandbox()
const support = { agentId: SEED_FACTS.agents.support }

describe('intentions.list', () => {
  it('lists the intentions of an agent with their webhook details', async () => {
    const list = await session.api.intentions.list({ path: support, query: { pageSize: 100 } })
    const seeded = list.find((i) => i.id === SEED_FACTS.intentionId)
    expect(seeded).toMatchObject({
      description: 'Consultar status do pedido',
      type: 'WEBHOOK',
      httpMethod: expect.stringMatching(/^(GET|POST)$/),
      url: expect.stringMatching(/^https?:/),
      fields: expect.arrayContaining([expect.objectContaining({ jsonName: 'numero_pedido', required: true })]),
    })
  })

  it('filters by description with query', async () => {
    const found = await session.api.intentions.list({ path: support, query: { query: 'STATUS do pedido' } })
    expect(found.map((i) => i.id)).toEqual([SEED_FACTS.intentionId])
    expect(session.sent.at(-1)).toBe(`GET /v2/agent/${support.agentId}/intentions?query=STATUS+do+pedido`)
  })

  it('pages from 1', async () => {
    const all = await session.api.intentions.list({ path: support, query: { pageSize: 100 } })
    expect(all.length).toBeGreaterThan(1)
    const paged = []
    for (let page = 1; page <= all.length; page++)
      paged.push(...(await session.api.intentions.list({ path: support, query: { page, pageSize: 1 } })))
    expect(paged.map((i) => i.id)).toEqual(all.map((i) => i.id))
    const past = await session.api.intentions.list({ path: support, query: { page: all.length + 1, pageSize: 1 } })
    expect(past).toEqual([])
  })
})

describe('intentions.update', () => {
  it('updates an intention, which the list then shows', async () => {
    const answer = await session.api.intentions.update({
      path: { intentionId: SEED_FACTS.intentionId },
      body: {
        description: 'Consultar pedido (atualizada)',
        httpMethod: 'POST',
        url: 'https://api.example.com/orders/lookup',
        headers: [{ name: 'X-Key', value: 'k' }],
        fields: [{ name: 'Pedido', jsonName: 'pedido', required: true }],
        requestBody: '{"order":"{{pedido}}"}',
        autoGenerateBody: false,
      },
    })
    expect(answer).toMatchObject({ success: true })
    const [listed] = await session.api.intentions.list({ path: support, query: { query: 'atualizada' } })
    expect(listed).toMatchObject({
      id: SEED_FACTS.intentionId,
      type: 'WEBHOOK',
      httpMethod: 'POST',
      url: 'https://api.example.com/orders/lookup',
      requestBody: '{"order":"{{pedido}}"}',
      fields: [expect.objectContaining({ jsonName: 'pedido' })],
    })
  })

  it('the client refuses a field jsonName that is not an identifier', async () => {
    const error = await failureOf(
      session.api.intentions.update({
        path: { intentionId: SEED_FACTS.intentionId },
        body: { description: 'd', url: 'https://x.example.com', fields: [{ name: 'n', jsonName: '1 bad' }] },
      }),
    )
    expect(Object.keys(error.fields ?? {})).toEqual(['body.fields.0.jsonName'])
  })

  it('answers not_found for an unknown intention', async () => {
    const error = await failureOf(
      session.api.intentions.update({
        path: { intentionId: 'UNKNOWN' },
        body: { description: 'd', url: 'https://x.example.com' },
      }),
    )
    expect(error).toMatchObject({ kind: 'not_found', status: 404 })
  })
})

const weekdayConfig: IdleConfigInput = {
  actions: [
    {
      instructions: 'Pergunte se o cliente ainda precisa de ajuda.',
      seconds: 300,
      allowAllHours: false,
      workingHours: [
        {
          dayWeek: 1,
          active: true,
          hours: [
            { start: '08:00', end: '12:00' },
            { start: '13:00', end: '18:00' },
          ],
        },
        { dayWeek: 0, active: false, hours: [] },
      ],
    },
    { instructions: 'Encerre com cordialidade.', seconds: 3600, allowAllHours: true },
  ],
  finishOn: { seconds: 7200 },
}

describe('idleActions.get', () => {
  it('reads the configuration of an agent that has one, with its working hours', async () => {
    const config = await session.api.idleActions.get({ path: { agentId: SEED_FACTS.idleAgentId } })
    expect(config.actions.length).toBeGreaterThan(0)
    const withHours = config.actions.find((a) => a.workingHours)
    expect(withHours?.workingHours?.days.length).toBeGreaterThan(0)
    expect(withHours?.workingHours?.days[0]).toMatchObject({ dayWeek: expect.any(Number), hours: expect.any(Array) })
  })

  it('reads an empty configuration for an agent without one', async () => {
    const config = await session.api.idleActions.get({ path: { agentId: SEED_FACTS.idleFreeAgentId } })
    expect(config.actions).toEqual([])
  })
})

describe('idleActions.create', () => {
  it('round-trips a configuration: what GET answers is what POST answered', async () => {
    const path = { agentId: SEED_FACTS.idleFreeAgentId }
    const created = await session.api.idleActions.create({ path, body: weekdayConfig })
    expect(created.finishOn).toMatchObject({ seconds: 7200 })
    expect(created.actions.map((a) => [a.instructions, a.seconds, a.allowAllHours])).toEqual([
      ['Pergunte se o cliente ainda precisa de ajuda.', 300, false],
      ['Encerre com cordialidade.', 3600, true],
    ])
    for (const action of created.actions) expect(action).toMatchObject({ id: expect.any(String), type: 'SEND_MESSAGE' })
    const monday = created.actions[0].workingHours?.days.find((d) => d.dayWeek === 1)
    expect(monday?.hours.map((h) => [h.start, h.end])).toEqual([
      ['08:00', '12:00'],
      ['13:00', '18:00'],
    ])
    expect(await session.api.idleActions.get({ path })).toEqual(created)
  })

  it('the client refuses overlapping time ranges and HH:MM typos', async () => {
    const error = await failureOf(
      session.api.idleActions.create({
        path: { agentId: SEED_FACTS.idleFreeAgentId },
        body: {
          actions: [
            {
              instructions: 'x',
              seconds: 60,
              workingHours: [
                {
                  dayWeek: 2,
                  active: true,
                  hours: [
                    { start: '08:00', end: '12:00' },
                    { start: '11:00', end: '9:00' },
                  ],
                },
              ],
            },
          ],
        },
      }),
    )
    expect(Object.keys(error.fields ?? {})).toContain('body.actions.0.workingHours.0.hours.1.end')
  })
})

describe('idleActions.update', () => {
  it('replaces the whole configuration', async () => {
    const path = { agentId: SEED_FACTS.idleFreeAgentId }
    await session.api.idleActions.create({ path, body: weekdayConfig })
    const replaced = await session.api.idleActions.update({
      path,
      body: { actions: [{ instructions: 'Só esta.', seconds: 120, allowAllHours: true }] },
    })
    expect(replaced.actions.map((a) => a.instructions)).toEqual(['Só esta.'])
    expect(replaced.finishOn ?? null).toBeNull()
    expect(await session.api.idleActions.get({ path })).toEqual(replaced)
  })
})

describe('idleActions.delete', () => {
  it('removes the configuration, after which GET answers no actions', async () => {
    const path = { agentId: SEED_FACTS.idleFreeAgentId }
    await session.api.idleActions.create({ path, body: weekdayConfig })
    // The document draws {success} inside a 204, which cannot carry it: it comes as a 200.
    expect(await session.api.idleActions.delete({ path })).toEqual({ success: true })
    expect(await session.raw('DELETE', `/v2/agent/${path.agentId}/idle-actions`)).toEqual({
      status: 200,
      body: { success: true },
    })
    expect((await session.api.idleActions.get({ path })).actions).toEqual([])
  })
})
