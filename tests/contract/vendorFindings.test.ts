import { beforeAll, describe, expect, it } from 'vitest'
import {
  BehaviorHistoryRecord,
  Chat,
  ChatMessage,
  Contact,
  endpoints,
  type Agent,
  type AgentInput,
  type ContactInput,
  type IdleConfigInput,
  type Intention,
  type Training,
  type TrainingUpdateInput,
  type Webhooks,
  type WebhooksInput,
} from '../../electron/contract/index'
import { formatViolation, vendorViolations } from '../vendor/gate'

/**
 * The renderer's body builders, loaded at run time (vitest resolves the renderer's path aliases;
 * the node-side type check does not see them), typed here by what this file uses.
 */
type ContactDraftLike = { customFieldValues: { customFieldId: string; value: string }[] } & Record<string, unknown>
interface Builders {
  agentUpdateBody(full: Agent, changes: Partial<AgentInput>): AgentInput
  intentionDraftOf(intention: Intention): unknown
  intentionBodyOf(original: Intention, draft: unknown): Record<string, unknown>
  trainingDraftOf(training: Training): unknown
  trainingUpdateInputOf(draft: unknown): TrainingUpdateInput
  emptyWeek(): unknown
  configInputFromDraft(draft: {
    actions: { instructions: string; seconds: number; allowAllHours: boolean; week: unknown }[]
    finishAfterSeconds: number | null
  }): IdleConfigInput
  webhooksDraftOf(webhooks: Partial<Webhooks>): Record<string, string>
  webhooksInputOf(draft: Record<string, string>): WebhooksInput
  contactDraftOf(contact: Contact): ContactDraftLike
  contactUpdateBody(full: Contact, base: ContactDraftLike, draft: ContactDraftLike): ContactInput
}
let b: Builders
beforeAll(async () => {
  // Literal paths behind a cast: vite resolves them, TypeScript does not follow them.
  const modules = await Promise.all([
    import('../../src/stores/agents' as string),
    import('../../src/domain/intentionDraft' as string),
    import('../../src/domain/trainingForm' as string),
    import('../../src/domain/idleSchedule' as string),
    import('../../src/domain/webhookForm' as string),
    import('../../src/views/contacts/contactDraft' as string),
  ])
  b = Object.assign({}, ...(modules as object[])) as Builders
})

/**
 * Each finding of the vendor gate, checked where it is made: the bodies the app builds
 * are run through Prism against the vendor's document, and the read schemas are given what the
 * document allows. The journeys and the contract suite check the same through the gate's proxy.
 */

const W = '3EB7F3C2BDB85017727802E54CF1568E'
const ID = 'AA11BB22CC33DD44EE55FF6600778899'

async function requestProblems(method: string, path: string, body?: unknown): Promise<string[]> {
  return (await vendorViolations({ method, path, body })).map(formatViolation)
}

describe('the app sends no null or "" the vendor document forbids', () => {
  it('agent PUT: an agent created without a behavior is sent without one; its real values are all sent', async () => {
    const created: Agent = { id: ID, name: 'Nova', behavior: null, avatar: null, type: 'SALE', status: 'ACTIVE' }
    const body = b.agentUpdateBody(created, { jobName: 'Vendas' })
    expect(body).toEqual({ name: 'Nova', type: 'SALE', jobName: 'Vendas' })
    expect(await requestProblems('PUT', `/v2/agent/${ID}`, body)).toEqual([])
    // What it used to send:
    expect(await requestProblems('PUT', `/v2/agent/${ID}`, { ...body, behavior: null })).toEqual([
      `PUT /v2/agent/${ID} request body.behavior: Request body property behavior must be string`,
    ])
  })

  it('intention PUT: no requestBody, variables[].customField or defaultFieldKey as null', async () => {
    const stored: Intention = {
      id: ID,
      description: 'Order status',
      type: 'WEBHOOK',
      httpMethod: 'GET',
      url: 'https://api.example.com/orders',
      fields: [{ name: 'Order', jsonName: 'order', description: null, type: 'STRING', required: true }],
      variables: [
        { valueExpression: '{{contact_phone}}', defaultFieldKey: 'contact_phone', customField: null },
        {
          valueExpression: '{{plan}}',
          defaultFieldKey: null,
          customField: { name: 'Plan', jsonName: 'plan', type: 'STRING', description: null },
        },
      ],
      requestBody: null,
      instructions: null,
    }
    const body = b.intentionBodyOf(stored, b.intentionDraftOf(stored))
    expect(JSON.stringify(body)).not.toContain('null')
    expect(await requestProblems('PUT', `/v2/intention/${ID}`, body)).toEqual([])
  })

  it('training PUT: a TEXT training without an image is sent without one', async () => {
    const training: Training = { id: ID, type: 'TEXT', text: 'Trocas em 30 dias', image: null }
    const body = b.trainingUpdateInputOf(b.trainingDraftOf(training))
    expect(body).toEqual({ type: 'TEXT', text: 'Trocas em 30 dias' })
    expect(await requestProblems('PUT', `/v2/training/${ID}`, body)).toEqual([])
  })

  it('idle actions: no finishOn null, no workingHours when every hour is allowed', async () => {
    const body = b.configInputFromDraft({
      actions: [{ instructions: 'Ainda está aí?', seconds: 600, allowAllHours: true, week: b.emptyWeek() }],
      finishAfterSeconds: null,
    })
    expect(body).toEqual({ actions: [{ instructions: 'Ainda está aí?', seconds: 600, allowAllHours: true }] })
    expect(await requestProblems('PUT', `/v2/agent/${ID}/idle-actions`, body)).toEqual([])
    expect(await requestProblems('POST', `/v2/agent/${ID}/idle-actions`, body)).toEqual([])
  })

  it('webhooks PUT: every event sent as a string, a cleared one as ""', async () => {
    const draft = b.webhooksDraftOf({ onNewMessage: 'https://hooks.example.com/in', onTransfer: null })
    const body = b.webhooksInputOf({ ...draft, onNewMessage: '' })
    expect(Object.values(body).every((v) => v === '')).toBe(true)
    expect(await requestProblems('PUT', `/v2/agent/${ID}/webhooks`, body)).toEqual([])
  })

  it('contact PUT: a cleared phone is "", a cleared picture or e-mail is null (never ""); untouched nulls of name and phone are not echoed', async () => {
    const contact: Contact = {
      id: ID,
      name: null,
      phone: null,
      picture: 'https://img.example.com/a.png',
      email: 'ana@example.com',
      jobTitle: null,
      recipient: '5511987654321',
      customFieldValues: [
        { customFieldId: 'F1', value: 42 },
        { customFieldId: 'F2', value: true },
        { customFieldId: 'F3', value: 'texto' },
      ],
    }
    const base = b.contactDraftOf(contact)
    const cleared = b.contactUpdateBody(contact, base, { ...base, picture: '', email: '  ' })
    expect(cleared).toMatchObject({ picture: null, email: null })
    expect(cleared).not.toHaveProperty('name')
    expect(cleared).not.toHaveProperty('phone')
    expect(await requestProblems('PUT', `/v2/contact/${ID}/update`, cleared)).toEqual([])

    const withPhone = { ...contact, phone: '+55 11 98765-4321' }
    const phoneCleared = b.contactUpdateBody(withPhone, b.contactDraftOf(withPhone), {
      ...b.contactDraftOf(withPhone),
      phone: '',
    })
    expect(phoneCleared.phone).toBe('')
    expect(await requestProblems('PUT', `/v2/contact/${ID}/update`, phoneCleared)).toEqual([])

    // One custom value edited: the others keep their type (a number stays a number).
    const edited = b.contactUpdateBody(contact, base, {
      ...base,
      customFieldValues: base.customFieldValues.map((f) => (f.customFieldId === 'F3' ? { ...f, value: 'novo' } : f)),
    })
    expect(edited.customFieldValues).toEqual([
      { customFieldId: 'F1', value: 42 },
      { customFieldId: 'F2', value: true },
      { customFieldId: 'F3', value: 'novo' },
    ])
    expect(await requestProblems('PUT', `/v2/contact/${ID}/update`, edited)).toEqual([])

    // What it used to send for a cleared picture:
    expect(await requestProblems('PUT', `/v2/contact/${ID}/update`, { picture: '' })).toEqual([
      `PUT /v2/contact/${ID}/update request body.picture: Request body property picture must match format "uri"`,
    ])
  })

  it("contacts search: `query` is the overlay's (api-notes §2); without a filter none is sent", async () => {
    expect(await requestProblems('GET', `/v2/workspace/${W}/search?page=1&pageSize=25`)).toEqual([])
    expect(await requestProblems('GET', `/v2/workspace/${W}/search?page=1&pageSize=25&query=ana`)).toEqual([])
    // Prism ignores undeclared query parameters; the gate names them.
    expect(await requestProblems('GET', `/v2/workspace/${W}/search?limit=5`)).toEqual([
      `GET /v2/workspace/${W}/search?limit=5 request query.limit: the vendor document declares no such query parameter for this operation`,
    ])
  })
})

describe('the writes the document draws as a 204 with a body', () => {
  const RULE = `/v2/agent/${ID}/transfer-rules/${ID}`
  const CASES: { name: keyof typeof endpoints; method: string; path: string; body: unknown }[] = [
    { name: 'idleActions.delete', method: 'DELETE', path: `/v2/agent/${ID}/idle-actions`, body: { success: true } },
    { name: 'customFields.update', method: 'PUT', path: `/v2/custom-field/${ID}`, body: { success: true } },
    {
      name: 'customFields.toggleArchive',
      method: 'PUT',
      path: `/v2/custom-field/toggle-archive/${ID}?archived=true`,
      body: { success: true },
    },
    { name: 'transferRules.delete', method: 'DELETE', path: RULE, body: { success: 'true' } },
    {
      name: 'transferRules.update',
      method: 'PUT',
      path: RULE,
      body: { id: ID, createdAt: '2026-03-01', instructions: 'x', returnOnFinish: true, type: 'HUMAN', userId: null },
    },
  ]
  const request = (c: (typeof CASES)[number]) =>
    c.method === 'PUT' && c.name !== 'customFields.toggleArchive'
      ? c.name === 'transferRules.update'
        ? { instructions: 'x', returnOnFinish: true, type: 'HUMAN' }
        : { name: 'Cidade', jsonName: 'cidade', type: 'STRING' }
      : undefined

  it.each(CASES)(
    '$name: the body as a 200 is what the corrected document allows, and the client reads it',
    async (c) => {
      const exchange = { method: c.method, path: c.path, body: request(c) }
      expect(await vendorViolations({ ...exchange, response: { status: 200, body: c.body } })).toEqual([])
      expect(endpoints[c.name].response.parse(c.body)).toEqual(c.body)
      // A live service that sends a real 204 after all is still read (as null)…
      expect(endpoints[c.name].response.parse(null)).toBeNull()
      // …but it is not what the document promises, and the gate says so.
      expect((await vendorViolations({ ...exchange, response: { status: 204 } })).map((v) => v.message)).toEqual([
        expect.stringMatching(/^Unable to match the returned status code with those defined in the document: 200/),
      ])
      expect((await vendorViolations({ ...exchange, response: { status: 200 } })).map((v) => v.message)).toContain(
        'Response body must be object',
      )
    },
  )
})

describe('reads accept everything the vendor document allows', () => {
  const TIMES = [0, -1, -8_640_000_000_000_001, 1e20, Number.MAX_SAFE_INTEGER]

  it('a contact whose custom values are a number, a boolean or null', async () => {
    const contact = {
      id: ID,
      customFieldValues: [
        { customFieldId: 'F1', value: 60113.11666666667 },
        { customFieldId: 'F2', value: 7 },
        { customFieldId: 'F3', value: false },
        { customFieldId: 'F4', value: null },
        { customFieldId: 'F5' },
      ],
    }
    expect(
      await vendorViolations({
        method: 'GET',
        path: `/v2/workspace/${W}/contact/${ID}`,
        response: { status: 200, body: contact },
      }),
    ).toEqual([])
    expect(Contact.parse(contact).customFieldValues?.map((f) => f.value)).toEqual([
      60113.11666666667,
      7,
      false,
      null,
      undefined,
    ])
  })

  it.each(TIMES)('timestamps anywhere in the int64 range (%s)', (time) => {
    expect(Chat.safeParse({ id: 'C', time, createdAt: time }).success).toBe(true)
    expect(ChatMessage.safeParse({ id: 'M', time }).success).toBe(true)
    expect(
      BehaviorHistoryRecord.safeParse({ id: 'B', createdAt: time, behaviorText: 'x', userPicture: null }).success,
    ).toBe(true)
    expect(Contact.safeParse({ id: 'P', birthday: time }).success).toBe(true)
  })

  it('a live training item with every key and unused ones null is read too (api-notes §3.3)', () => {
    const live = {
      data: [{ id: ID, type: 'TEXT', text: 'x', image: null, website: null, video: null, documentUrl: null }],
      count: 1,
    }
    expect(endpoints['trainings.list'].response.parse(live).data[0].text).toBe('x')
  })
})
