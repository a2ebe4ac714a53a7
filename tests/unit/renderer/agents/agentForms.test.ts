import { describe, expect, it } from 'vitest'
import {
  AgentInput,
  TRAINING_TYPES,
  TrainingCreateInput,
  TrainingUpdateInput,
  WEBHOOK_EVENTS,
  WebhooksInput,
  type Agent,
  type Training,
} from '@contract'
import { agentUpdateBody } from '@/stores/agents'
import {
  BEHAVIOR_MAX_LENGTH,
  emptyProfileDraft,
  profileChanges,
  profileDraftOf,
  profileInputOf,
} from '@/domain/agentProfile'
import {
  emptyTrainingDraft,
  TRAINING_TEXT_MAX_LENGTH,
  trainingCreateInputOf,
  trainingDraftOf,
  trainingSubject,
  trainingUpdateInputOf,
} from '@/domain/trainingForm'
import { webhooksDraftOf, webhooksInputOf } from '@/domain/webhookForm'

const agent: Agent = {
  id: 'A1',
  name: 'Sofia',
  behavior: 'Be kind.',
  avatar: null,
  communicationType: 'FORMAL',
  type: 'SUPPORT',
  jobName: 'Loja',
  jobSite: 'https://loja.example',
  jobDescription: null,
  status: 'ACTIVE',
  prefferModel: 'GPT_5',
}

describe('the agent sent on save', () => {
  it('is the whole agent with the changes over it, keeping fields the app does not show and dropping id and status', () => {
    const body = agentUpdateBody(agent, { name: 'Sofia 2' })
    // The agent's nulls (avatar, jobDescription) are left out, never sent: the document allows no null.
    expect(body).toEqual({
      name: 'Sofia 2',
      behavior: 'Be kind.',
      communicationType: 'FORMAL',
      type: 'SUPPORT',
      jobName: 'Loja',
      jobSite: 'https://loja.example',
      prefferModel: 'GPT_5',
    })
    expect(AgentInput.safeParse(body).success).toBe(true)
  })

  it('sends an agent created without a behavior with no behavior key, not null, and keeps a real one', () => {
    const created: Agent = { id: 'A2', name: 'Nova', behavior: null, type: 'SALE' }
    const body = agentUpdateBody(created, { jobName: 'Vendas' })
    expect(body).toEqual({ name: 'Nova', type: 'SALE', jobName: 'Vendas' })
    expect(AgentInput.safeParse(body).success).toBe(true)
    expect(AgentInput.safeParse({ ...body, behavior: null }).success).toBe(false)
    expect(agentUpdateBody({ ...created, behavior: 'Seja breve.' }, { jobName: 'Vendas' }).behavior).toBe('Seja breve.')
  })

  it('carries only the Profile fields the user changed, so untouched nulls stay null', () => {
    const base = profileDraftOf(agent)
    expect(base.avatar).toBe('')
    const edited = { ...base, jobName: 'Loja Nova', name: '  Sofia  ' }
    expect(profileChanges(base, edited)).toEqual({ jobName: 'Loja Nova', name: 'Sofia' })
    expect(profileChanges(base, base)).toEqual({})
  })

  it('starts a new agent with a goal and a way of talking, and refuses it without a name', () => {
    const draft = emptyProfileDraft()
    expect(AgentInput.safeParse(profileInputOf(draft)).success).toBe(false)
    expect(AgentInput.safeParse(profileInputOf({ ...draft, name: 'Nova' })).success).toBe(true)
  })

  it('counts behavior characters against the same limit as the contract', () => {
    expect(AgentInput.safeParse({ name: 'a', behavior: 'x'.repeat(BEHAVIOR_MAX_LENGTH) }).success).toBe(true)
    expect(AgentInput.safeParse({ name: 'a', behavior: 'x'.repeat(BEHAVIOR_MAX_LENGTH + 1) }).success).toBe(false)
  })
})

describe('training forms', () => {
  it('build a create body the contract accepts for every type, with only that type’s fields', () => {
    const filled = {
      TEXT: { text: 'Opening hours: 9 to 18.' },
      WEBSITE: { website: 'https://loja.example' },
      VIDEO: { video: 'https://video.example/v/1' },
      DOCUMENT: { documentUrl: 'https://loja.example/policy.pdf', documentName: 'Policy.pdf' },
    }
    for (const type of TRAINING_TYPES) {
      const input = trainingCreateInputOf({ ...emptyTrainingDraft(type), ...filled[type], callbackUrl: '' })
      expect(TrainingCreateInput.safeParse(input).success, type).toBe(true)
      expect(input.type).toBe(type)
      expect(input).not.toHaveProperty('callbackUrl')
      if (type !== 'TEXT') expect(input).not.toHaveProperty('text')
    }
  })

  it('leaves an emptied image out on update (never null), and refuses a text over the limit', () => {
    const training: Training = { id: 'T1', type: 'TEXT', text: 'Old', image: 'https://img.example/a.png' }
    const draft = { ...trainingDraftOf(training), image: '  ' }
    expect(trainingUpdateInputOf(draft)).toEqual({ type: 'TEXT', text: 'Old' })
    expect(TrainingUpdateInput.safeParse({ type: 'TEXT', text: 'Old', image: null }).success).toBe(false)
    expect(
      TrainingUpdateInput.safeParse(trainingUpdateInputOf({ ...draft, text: 'x'.repeat(TRAINING_TEXT_MAX_LENGTH) }))
        .success,
    ).toBe(true)
    expect(
      TrainingUpdateInput.safeParse(trainingUpdateInputOf({ ...draft, text: 'x'.repeat(TRAINING_TEXT_MAX_LENGTH + 1) }))
        .success,
    ).toBe(false)
  })

  it('names a training by its text, address or document name, shortened to one line', () => {
    expect(trainingSubject({ id: '1', type: 'TEXT', text: 'Line one\nline two' })).toBe('Line one line two')
    expect(trainingSubject({ id: '2', type: 'WEBSITE', website: 'https://a.example' })).toBe('https://a.example')
    expect(trainingSubject({ id: '3', type: 'DOCUMENT', documentName: 'Policy.pdf', documentUrl: 'https://x' })).toBe(
      'Policy.pdf',
    )
    expect(trainingSubject({ id: '4', type: 'TEXT', text: 'y'.repeat(100) }, 20)).toBe(`${'y'.repeat(19)}…`)
  })
})

describe('webhook form', () => {
  it('sends all eight events, trimmed, empty ones as "" to clear them', () => {
    const draft = webhooksDraftOf({ onNewMessage: ' https://hooks.example/new ', onTransfer: null })
    const input = webhooksInputOf(draft)
    expect(Object.keys(input).sort()).toEqual([...WEBHOOK_EVENTS].sort())
    expect(input.onNewMessage).toBe('https://hooks.example/new')
    expect(input.onTransfer).toBe('')
    expect(WebhooksInput.safeParse(input).success).toBe(true)
    expect(WebhooksInput.safeParse({ ...input, onCancelEvent: 'http://localhost:3000/x' }).success).toBe(true)
    expect(WebhooksInput.safeParse({ ...input, onCancelEvent: 'http://hooks.example/x' }).success).toBe(false)
  })
})

describe('agent detail tabs', () => {
  it('are registered by their files, in order, each with a translated label', async () => {
    const { agentTabs } = await import('@/views/agents/agentTabs')
    const { i18n } = await import('@/i18n')
    const ids = agentTabs.map((tab) => tab.id)
    expect(ids.slice(0, 3)).toEqual(['profile', 'behavior', 'trainings'])
    expect(ids[ids.length - 1]).toBe('webhooks')
    expect([...agentTabs].sort((a, b) => a.order - b.order)).toEqual(agentTabs)
    expect(new Set(ids).size).toBe(ids.length)
    for (const tab of agentTabs.filter((t) => ['profile', 'behavior', 'trainings', 'webhooks'].includes(t.id)))
      for (const locale of ['en', 'pt-BR'] as const) expect(i18n.global.te(tab.label, locale), tab.label).toBe(true)
  })
})

describe('drafts of a deleted agent', () => {
  it('are all dropped, and no other agent’s', async () => {
    const { discardDrafts } = await import('@/forms/draftStore')
    const store = new Map<string, string>()
    const storage = {
      get length() {
        return store.size
      },
      key: (i: number) => [...store.keys()][i] ?? null,
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
      removeItem: (k: string) => void store.delete(k),
      clear: () => store.clear(),
    } as Storage
    storage.setItem('agent-desk:draft:agent:A1:profile', '{}')
    storage.setItem('agent-desk:draft:agent:A1:training:T1', '{}')
    storage.setItem('agent-desk:draft:agent:A10:profile', '{}')
    discardDrafts('agent:A1:', storage)
    expect([...store.keys()]).toEqual(['agent-desk:draft:agent:A10:profile'])
  })
})
