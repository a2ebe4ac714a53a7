import { describe, expect, it } from 'vitest'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { failureOf } from './failureOf'
import { useSandbox } from './sandboxSession'

/** Agent and workspace administration, through the vendor gate. */

const session = useSandbox()
const support = { agentId: SEED_FACTS.agents.support }
const W = { workspaceId: SEED_FACTS.workspaceId }

describe('agents.deactivate', () => {
  it('switches an agent off: its status reads INACTIVE, and the request carries no body', async () => {
    expect(await session.api.agents.deactivate({ path: support })).toMatchObject({ success: true })
    expect(session.sent.at(-1)).toBe(`PUT /v2/agent/${support.agentId}/inactive`)
    expect((await session.api.agents.get({ path: support })).status).toBe('INACTIVE')
  })
})

describe('agents.activate', () => {
  it('switches it on again: ACTIVE, also in the list', async () => {
    await session.api.agents.deactivate({ path: support })
    expect(await session.api.agents.activate({ path: support })).toMatchObject({ success: true })
    const list = await session.api.agents.list({ path: W })
    expect(list.find((a) => a.id === support.agentId)?.status).toBe('ACTIVE')
  })

  it('answers not_found for an unknown agent', async () => {
    expect(await failureOf(session.api.agents.activate({ path: { agentId: 'UNKNOWN' } }))).toMatchObject({
      kind: 'not_found',
    })
  })
})

describe('agentSettings.get', () => {
  it('reads the model and flags with the documented enums', async () => {
    const settings = await session.api.agentSettings.get({ path: support })
    expect(settings).toMatchObject({
      prefferModel: expect.any(String),
      timezone: 'America/Sao_Paulo',
      messageGroupingTime: expect.stringMatching(/^(NO_GROUP|FIVE_SEC|TEN_SEC|THIRD_SEC|ONE_MINUTE)$/),
      enabledHumanTransfer: expect.any(Boolean),
    })
  })
})

describe('agentSettings.update', () => {
  it('is partial: only the keys sent change, and exactly those are sent', async () => {
    const path = { agentId: SEED_FACTS.agents.sales }
    const before = await session.api.agentSettings.get({ path })
    await session.api.agentSettings.update({ path, body: { prefferModel: 'CLAUDE_4_5_SONNET', splitMessages: false } })
    const after = await session.api.agentSettings.get({ path })
    expect(after).toEqual({ ...before, prefferModel: 'CLAUDE_4_5_SONNET', splitMessages: false })
  })

  it('the client refuses a null and a model the document does not list', async () => {
    const error = await failureOf(
      session.api.agentSettings.update({
        path: support,
        body: { maxDailyMessages: null as unknown as number, prefferModel: 'GPT_99' as 'GPT_5' },
      }),
    )
    expect(Object.keys(error.fields ?? {}).sort()).toEqual(['body.maxDailyMessages', 'body.prefferModel'])
  })
})

describe('credits.workspace', () => {
  it('reads the balance and the subscription status', async () => {
    const credits = await session.api.credits.workspace({ path: W })
    expect(credits.credits).toEqual(expect.any(Number))
    expect(['TRIAL', 'ACTIVE', 'PAST_DUE', 'CANCELED']).toContain(credits.status)
  })
})

describe('credits.spent', () => {
  it('answers one row per model per day of the period, and their total', async () => {
    const month = await session.api.credits.spent({ path: support, query: { year: 2026, month: 10 } })
    expect(session.sent.at(-1)).toBe(`GET /v2/agent/${support.agentId}/credits-spent?year=2026&month=10`)
    expect(month.data?.length).toBeGreaterThan(10)
    for (const row of month.data ?? []) expect(row).toMatchObject({ year: 2026, month: 10, model: expect.any(String) })
    expect(month.total).toBe((month.data ?? []).reduce((s, r) => s + (r.credits ?? 0), 0))
    const day = await session.api.credits.spent({ path: support, query: { year: 2026, month: 10, day: 15 } })
    expect(new Set(day.data?.map((r) => r.day))).toEqual(new Set([15]))
  })

  it('the client refuses a day without a month', async () => {
    const error = await failureOf(session.api.credits.spent({ path: support, query: { year: 2026, day: 3 } }))
    expect(Object.keys(error.fields ?? {})).toContain('query.day')
  })
})

describe('intentions.create', () => {
  it('creates an intention, which the list then shows', async () => {
    const answer = await session.api.intentions.create({
      path: support,
      body: {
        description: 'Agendar retirada na loja',
        type: 'WEBHOOK',
        httpMethod: 'POST',
        url: 'https://api.example.com/pickup',
        autoGenerateParams: false,
        autoGenerateBody: true,
        fields: [{ name: 'Loja', jsonName: 'loja', description: 'Qual loja', type: 'STRING', required: true }],
      },
    })
    expect(answer).toMatchObject({ success: true })
    const [found] = await session.api.intentions.list({ path: support, query: { query: 'retirada na loja' } })
    expect(found).toMatchObject({ description: 'Agendar retirada na loja', httpMethod: 'POST' })
  })
})

describe('intentions.delete', () => {
  it('deletes an intention: the list no longer has it', async () => {
    await session.api.intentions.create({
      path: support,
      body: {
        description: 'Para apagar',
        type: 'WEBHOOK',
        httpMethod: 'GET',
        url: 'https://api.example.com/x',
        autoGenerateParams: true,
        autoGenerateBody: false,
      },
    })
    const [made] = await session.api.intentions.list({ path: support, query: { query: 'Para apagar' } })
    expect(await session.api.intentions.delete({ path: { intentionId: made.id } })).toMatchObject({ success: true })
    expect(await session.api.intentions.list({ path: support, query: { query: 'Para apagar' } })).toEqual([])
  })
})

describe('transferRules.create', () => {
  it('creates a rule to another agent, never sending a null', async () => {
    const rule = await session.api.transferRules.create({
      path: support,
      body: {
        instructions: 'Quando pedir orçamento',
        returnOnFinish: false,
        type: 'AGENT',
        agentId: SEED_FACTS.agents.sales,
      },
    })
    expect(rule).toMatchObject({ id: expect.any(String), type: 'AGENT', agentId: SEED_FACTS.agents.sales })
    const listed = await session.api.transferRules.list({ path: { id: support.agentId } })
    expect(listed.map((r) => r.id)).toContain(rule.id)
  })

  it('the client refuses an AGENT rule without its agent', async () => {
    const error = await failureOf(
      session.api.transferRules.create({
        path: support,
        body: { instructions: 'x', returnOnFinish: false, type: 'AGENT' },
      }),
    )
    expect(Object.keys(error.fields ?? {})).toEqual(['body.agentId'])
  })
})

describe('transferRules.update', () => {
  it('replaces a rule and answers it (the document draws it inside a 204; it comes as a 200)', async () => {
    const path = { agentId: support.agentId, 'transfer-rule-id': SEED_FACTS.transferRuleId }
    const body = { instructions: 'Quando pedir um humano', returnOnFinish: false, type: 'HUMAN' as const }
    expect(await session.api.transferRules.update({ path, body })).toMatchObject({
      id: SEED_FACTS.transferRuleId,
      ...body,
    })
    const rule = (await session.api.transferRules.list({ path: { id: support.agentId } })).find(
      (r) => r.id === SEED_FACTS.transferRuleId,
    )
    expect(rule).toMatchObject({ instructions: 'Quando pedir um humano', returnOnFinish: false, type: 'HUMAN' })
  })
})

describe('transferRules.delete', () => {
  it('deletes a rule', async () => {
    const made = await session.api.transferRules.create({
      path: support,
      body: { instructions: 'Para apagar', returnOnFinish: true, type: 'HUMAN' },
    })
    expect(
      await session.api.transferRules.delete({ path: { agentId: support.agentId, 'transfer-rule-id': made.id } }),
    ).toEqual({ success: 'true' })
    const ids = (await session.api.transferRules.list({ path: { id: support.agentId } })).map((r) => r.id)
    expect(ids).not.toContain(made.id)
  })
})

describe('customFields.list', () => {
  it('lists the fields the seeded contacts carry values of, by name and type', async () => {
    const fields = await session.api.customFields.list({ path: W })
    const plan = fields.find((f) => f.id === SEED_FACTS.customFieldIds.plan)
    expect(plan).toMatchObject({ name: 'Plano', jsonName: 'plano', type: 'STRING', archived: false })
    expect(fields.find((f) => f.id === SEED_FACTS.customFieldIds.customerSince)?.type).toBe('DATE')
  })
})

describe('customFields.create', () => {
  it('creates a field; a second one with the same jsonName is refused by the service', async () => {
    const field = await session.api.customFields.create({
      path: W,
      body: { name: 'Pontos', jsonName: 'pontos', type: 'NUMBER', description: 'Pontos de fidelidade' },
    })
    expect(field).toMatchObject({ id: expect.any(String), name: 'Pontos', type: 'NUMBER' })
    const again = await failureOf(
      session.api.customFields.create({ path: W, body: { name: 'Outro', jsonName: 'pontos', type: 'STRING' } }),
    )
    expect(again).toMatchObject({ kind: 'validation', status: 400 })
  })
})

describe('customFields.update', () => {
  it('renames a field and answers {success}', async () => {
    const path = { customfieldId: SEED_FACTS.customFieldIds.city }
    expect(
      await session.api.customFields.update({
        path,
        body: { id: path.customfieldId, name: 'Cidade de entrega', jsonName: 'cidade', type: 'STRING' },
      }),
    ).toEqual({ success: true })
    const fields = await session.api.customFields.list({ path: W, query: { query: 'entrega' } })
    expect(fields.map((f) => f.name)).toEqual(['Cidade de entrega'])
  })
})

describe('customFields.toggleArchive', () => {
  it('archives with archived=true and restores with archived=false', async () => {
    const path = { customfieldId: SEED_FACTS.customFieldIds.plan }
    expect(await session.api.customFields.toggleArchive({ path, query: { archived: true } })).toEqual({
      success: true,
    })
    expect(session.sent.at(-1)).toBe(`PUT /v2/custom-field/toggle-archive/${path.customfieldId}?archived=true`)
    const archived = (await session.api.customFields.list({ path: W })).find((f) => f.id === path.customfieldId)
    expect(archived?.archived).toBe(true)
    await session.api.customFields.toggleArchive({ path, query: { archived: false } })
    const back = (await session.api.customFields.list({ path: W })).find((f) => f.id === path.customfieldId)
    expect(back?.archived).toBe(false)
  })
})

describe('mcp.toolDeactivate', () => {
  it('switches one tool off (a GET, as documented)', async () => {
    const path = { mcpId: SEED_FACTS.mcpId, toolId: SEED_FACTS.mcpToolId }
    expect(await session.api.mcp.toolDeactivate({ path })).toMatchObject({ success: true })
    const tool = (await session.api.mcp.tools({ path: { mcpId: SEED_FACTS.mcpId } })).find((t) => t.id === path.toolId)
    expect(tool?.active).toBe(false)
  })
})

describe('mcp.toolActivate', () => {
  it('switches it on again', async () => {
    const path = { mcpId: SEED_FACTS.mcpId, toolId: SEED_FACTS.mcpToolId }
    await session.api.mcp.toolDeactivate({ path })
    await session.api.mcp.toolActivate({ path })
    const tool = (await session.api.mcp.tools({ path: { mcpId: SEED_FACTS.mcpId } })).find((t) => t.id === path.toolId)
    expect(tool?.active).toBe(true)
  })
})

describe('mcp.connect', () => {
  it('finishes the OAuth flow of a connection added with OAUTH: it gets its tools', async () => {
    const added = await session.api.mcp.add({
      path: support,
      body: {
        name: 'Agenda',
        description: 'Agenda OAuth',
        mcpUrl: 'https://mcp.example.com/mcp',
        urlType: 'STREAMABLEHTTP',
        authType: 'OAUTH',
      },
    })
    expect(added.connected).toBe(false)
    const state = new URL(added.url ?? '').searchParams.get('state') ?? ''
    const done = await session.api.mcp.connect({ body: { code: 'code-from-provider', state } })
    expect(done).toMatchObject({ success: true, mcpId: added.id, agentId: support.agentId })
    expect((await session.api.mcp.tools({ path: { mcpId: added.id ?? '' } })).length).toBeGreaterThan(0)
  })

  it('an unknown state is refused', async () => {
    expect(await failureOf(session.api.mcp.connect({ body: { code: 'c', state: 'nope' } }))).toMatchObject({
      status: 400,
    })
  })
})
