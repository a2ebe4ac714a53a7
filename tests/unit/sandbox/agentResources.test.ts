import { describe, expect, it } from 'vitest'
import type { IdleConfig } from '../../../electron/contract/resources/idleAction'
import type { Intention } from '../../../electron/contract/resources/intentions'
import type { Training } from '../../../electron/contract/resources/training'
import type { TransferRule } from '../../../electron/contract/resources/transferRules'
import { SEED_FACTS } from '../../../electron/sandbox/index'
import { useSandbox } from './sandboxClient'

const api = useSandbox()
const SUPPORT = SEED_FACTS.agents.support
const HEX_ID = /^[0-9A-F]{32}$/

type Counted<T> = { data: T[]; count: number }

describe('sandbox trainings', () => {
  it("seeds trainings of every type, each in the document's shape of its type (no null keys)", async () => {
    const KEYS: Record<string, string[]> = {
      TEXT: ['id', 'type', 'text'],
      WEBSITE: ['id', 'type', 'website', 'trainingSubPages', 'trainingInterval'],
      VIDEO: ['id', 'type', 'video'],
      DOCUMENT: ['id', 'type', 'documentUrl', 'documentName', 'documentMimetype'],
    }
    for (const type of ['TEXT', 'WEBSITE', 'VIDEO', 'DOCUMENT']) {
      const res = await api.get<Counted<Training>>(`/v2/agent/${SUPPORT}/trainings?type=${type}`)
      expect(res.status).toBe(200)
      expect(res.body.count).toBeGreaterThan(0)
      expect(res.body.data.every((t) => t.type === type)).toBe(true)
      for (const t of res.body.data) {
        for (const key of KEYS[type]) expect(t, `${type} ${key}`).toHaveProperty([key], expect.anything())
        expect(Object.values(t)).not.toContain(null)
      }
    }
    const websites = (await api.get<Counted<Training>>(`/v2/agent/${SUPPORT}/trainings?type=WEBSITE`)).body.data
    expect(websites[0]).toMatchObject({ website: expect.stringMatching(/^https:/), trainingSubPages: 'ACTIVE' })
    expect(websites[0].trainingInterval).toEqual(expect.any(String))
    const documents = (await api.get<Counted<Training>>(`/v2/agent/${SUPPORT}/trainings?type=DOCUMENT`)).body.data
    expect(documents[0]).toMatchObject({
      documentUrl: expect.stringMatching(new RegExp(`^${api.url}/media/.+\\.pdf$`)),
      documentName: expect.any(String),
      documentMimetype: expect.any(String),
    })
  })

  it('answers {data, count} where count is every match, not the page', async () => {
    const all = await api.get<Counted<Training>>(`/v2/agent/${SUPPORT}/trainings?type=TEXT`)
    const page = await api.get<Counted<Training>>(`/v2/agent/${SUPPORT}/trainings?type=TEXT&page=2&pageSize=2`)
    expect(page.body.count).toBe(all.body.count)
    expect(page.body.data).toEqual(all.body.data.slice(2, 4))
    const past = await api.get<Counted<Training>>(`/v2/agent/${SUPPORT}/trainings?type=TEXT&page=40`)
    expect(past.body).toEqual({ data: [], count: all.body.count })
  })

  it('filters trainings by text, website or document name, ignoring accents', async () => {
    const text = await api.get<Counted<Training>>(
      `/v2/agent/${SUPPORT}/trainings?type=TEXT&query=POLITICA%20DE%20TROCAS`,
    )
    expect(text.body.count).toBe(1)
    expect(text.body.data[0].text).toContain('Política de trocas')
    const site = await api.get<Counted<Training>>(
      `/v2/agent/${SUPPORT}/trainings?type=WEBSITE&query=lojademo.com.br/ajuda`,
    )
    expect(site.body.data.map((t) => t.website)).toEqual(['https://lojademo.com.br/ajuda'])
    const doc = await api.get<Counted<Training>>(`/v2/agent/${SUPPORT}/trainings?type=DOCUMENT&query=catalogo`)
    expect(doc.body.data.map((t) => t.documentName)).toEqual(['Catálogo Verão 2026.pdf'])
  })

  it('updates a TEXT training and refuses to update any other type with 400', async () => {
    const res = await api.call('PUT', `/v2/training/${SEED_FACTS.textTrainingId}`, {
      body: { type: 'TEXT', text: 'Trocas em até 60 dias.' },
    })
    expect(res).toMatchObject({ status: 200, body: { success: true } })
    const listed = await api.get<Counted<Training>>(`/v2/agent/${SUPPORT}/trainings?type=TEXT&query=60%20dias`)
    expect(listed.body.data.map((t) => t.id)).toEqual([SEED_FACTS.textTrainingId])

    const refused = await api.call('PUT', `/v2/training/${SEED_FACTS.nonTextTrainingId}`, {
      body: { type: 'TEXT', text: 'Vira texto?' },
    })
    expect(refused.status).toBe(400)
    expect(refused.body).toEqual({ error: expect.stringContaining('TEXT') })
    const site = await api.get<Counted<Training>>(`/v2/agent/${SUPPORT}/trainings?type=WEBSITE`)
    expect(site.body.data.find((t) => t.id === SEED_FACTS.nonTextTrainingId)).not.toHaveProperty('text')
  })

  it('creates trainings answering the live {id, tenant}, then lists and deletes them', async () => {
    const created = await api.call<{ id: string; tenant: string }>('POST', `/v2/agent/${SUPPORT}/trainings`, {
      body: { type: 'VIDEO', video: 'https://www.youtube.com/watch?v=abc' },
    })
    expect(created.status).toBe(200)
    expect(created.body).toEqual({ id: expect.stringMatching(HEX_ID), tenant: SEED_FACTS.tenant })
    const videos = await api.get<Counted<Training>>(`/v2/agent/${SUPPORT}/trainings?type=VIDEO`)
    const video = videos.body.data.find((t) => t.id === created.body.id)
    expect(video).toMatchObject({ video: 'https://www.youtube.com/watch?v=abc' })
    expect(video).not.toHaveProperty('text')
    const bad = await api.call('POST', `/v2/agent/${SUPPORT}/trainings`, {
      body: { type: 'DOCUMENT', documentUrl: 'x' },
    })
    expect(bad.status).toBe(400)
    expect((bad.body as { error: string }).error).toContain('body.documentUrl')

    expect((await api.call('DELETE', `/v2/training/${created.body.id}`)).body).toEqual({ success: true })
    const after = await api.get<Counted<Training>>(`/v2/agent/${SUPPORT}/trainings?type=VIDEO`)
    expect(after.body.data.find((t) => t.id === created.body.id)).toBeUndefined()
    expect((await api.call('DELETE', `/v2/training/${created.body.id}`)).status).toBe(404)
  })
})

describe('sandbox intentions and transfer rules', () => {
  it('lists intentions with fields, headers, params and variables, filtered by description', async () => {
    const all = await api.get<Intention[]>(`/v2/agent/${SUPPORT}/intentions`)
    expect(all.body.length).toBeGreaterThanOrEqual(2)
    const first = all.body.find((i) => i.id === SEED_FACTS.intentionId) as Intention
    expect(first.fields?.length).toBeGreaterThan(0)
    expect(first.headers?.length).toBeGreaterThan(0)
    expect(first.params?.length).toBeGreaterThan(0)
    expect(first.variables?.some((v) => v.customField)).toBe(true)
    const filtered = await api.get<Intention[]>(`/v2/agent/${SUPPORT}/intentions?query=SEGUNDA%20VIA`)
    expect(filtered.body.map((i) => i.description)).toEqual(['Emitir segunda via de boleto'])
    const accented = await api.get<Intention[]>(
      `/v2/agent/${SEED_FACTS.agents.postSale}/intentions?query=${encodeURIComponent('tecnica')}`,
    )
    expect(accented.body.map((i) => i.description)).toEqual(['Agendar visita técnica'])
  })

  it('updates an intention and answers {success: true}', async () => {
    const body = {
      description: 'Consultar status do pedido (v2)',
      url: 'https://api.lojademo.com.br/v2/pedidos',
      httpMethod: 'POST',
      requestBody: '{"pedido": 1}',
      fields: [{ name: 'Pedido', jsonName: 'pedido', type: 'NUMBER', required: true }],
    }
    const res = await api.call('PUT', `/v2/intention/${SEED_FACTS.intentionId}`, { body })
    expect(res).toMatchObject({ status: 200, body: { success: true } })
    const listed = await api.get<Intention[]>(`/v2/agent/${SUPPORT}/intentions?query=v2`)
    expect(listed.body).toEqual([expect.objectContaining({ ...body, id: SEED_FACTS.intentionId, type: 'WEBHOOK' })])
    const bad = await api.call('PUT', `/v2/intention/${SEED_FACTS.intentionId}`, {
      body: { ...body, requestBody: '{not json' },
    })
    expect(bad.status).toBe(400)
    expect((bad.body as { error: string }).error).toContain('body.requestBody')
  })

  it('lists transfer rules as an array with HUMAN and AGENT rules', async () => {
    const res = await api.get<TransferRule[]>(`/v2/agent/${SUPPORT}/transfer-rules`)
    expect(Array.isArray(res.body)).toBe(true)
    expect(res.body.map((r) => r.type).sort()).toEqual(['AGENT', 'HUMAN'])
    expect(res.body.find((r) => r.type === 'AGENT')?.agentId).toBe(SEED_FACTS.agents.sales)
    expect(res.body.find((r) => r.type === 'HUMAN')?.userId).toBe(SEED_FACTS.demoUser.id)
  })
})

describe('sandbox idle actions', () => {
  const input = {
    actions: [
      {
        instructions: 'Ainda está aí?',
        seconds: 300,
        allowAllHours: false,
        workingHours: [
          {
            dayWeek: 1,
            active: true,
            hours: [
              { start: '08:00', end: '12:00' },
              { start: '13:00', end: '17:00' },
            ],
          },
        ],
      },
      { instructions: 'Vou encerrar.', seconds: 900 },
    ],
    finishOn: { seconds: 3600 },
  }

  it('answers {actions: []} for an agent without configuration (finishOn is an object or absent)', async () => {
    const res = await api.get(`/v2/agent/${SEED_FACTS.idleFreeAgentId}/idle-actions`)
    expect(res).toEqual(expect.objectContaining({ status: 200, body: { actions: [] } }))
  })

  it('seeds working hours for the support agent', async () => {
    const res = await api.get<IdleConfig>(`/v2/agent/${SEED_FACTS.idleAgentId}/idle-actions`)
    expect(res.body.actions.length).toBeGreaterThan(0)
    expect(res.body.actions[0].workingHours?.days.length).toBeGreaterThan(0)
  })

  it('creates a configuration and answers the response shape with ids, types and a working-hours object', async () => {
    const agent = SEED_FACTS.agents.personal
    const res = await api.call<IdleConfig>('POST', `/v2/agent/${agent}/idle-actions`, { body: input })
    expect(res.status).toBe(200)
    const [first, second] = res.body.actions
    expect(first).toMatchObject({
      id: expect.stringMatching(HEX_ID),
      type: 'SEND_MESSAGE',
      instructions: 'Ainda está aí?',
      seconds: 300,
      allowAllHours: false,
    })
    const stamp = {
      id: expect.stringMatching(HEX_ID),
      tenant: SEED_FACTS.tenant,
      tenantOwner: SEED_FACTS.demoUser.id,
      createdAt: expect.any(Number),
      updatedAt: expect.any(Number),
    }
    expect(first.workingHours).toEqual({
      ...stamp,
      active: true,
      days: [
        {
          ...stamp,
          active: true,
          dayWeek: 1,
          hours: [
            { ...stamp, start: '08:00', end: '12:00', sequence: 0 },
            { ...stamp, start: '13:00', end: '17:00', sequence: 1 },
          ],
        },
      ],
    })
    expect(second).toMatchObject({ type: 'SEND_MESSAGE', allowAllHours: true, workingHours: null })
    expect(res.body.finishOn).toEqual({ seconds: 3600 })
    expect((await api.get(`/v2/agent/${agent}/idle-actions`)).body).toEqual(res.body)
  })

  it('replaces the configuration on PUT and clears it on DELETE', async () => {
    const agent = SEED_FACTS.agents.postSale
    await api.call('POST', `/v2/agent/${agent}/idle-actions`, { body: input })
    const put = await api.call<IdleConfig>('PUT', `/v2/agent/${agent}/idle-actions`, {
      body: { actions: [{ instructions: 'Só uma', seconds: 60 }] },
    })
    expect(put.body.actions.map((a) => a.instructions)).toEqual(['Só uma'])
    expect(put.body).not.toHaveProperty('finishOn')
    expect((await api.get(`/v2/agent/${agent}/idle-actions`)).body).toEqual(put.body)
    // The document draws {success} inside a 204, which cannot carry it: it comes as a 200.
    expect(await api.call('DELETE', `/v2/agent/${agent}/idle-actions`)).toMatchObject({
      status: 200,
      body: { success: true },
    })
    expect((await api.get(`/v2/agent/${agent}/idle-actions`)).body).toEqual({ actions: [] })
  })

  it('refuses overlapping hours naming the field', async () => {
    const res = await api.call('POST', `/v2/agent/${SUPPORT}/idle-actions`, {
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
                  { start: '11:00', end: '13:00' },
                ],
              },
            ],
          },
        ],
      },
    })
    expect(res.status).toBe(400)
    expect((res.body as { error: string }).error).toContain('body.actions.0.workingHours.0.hours.1')
  })
})
