import { describe, expect, it } from 'vitest'
import type { Chat, ChatMessage } from '../../../electron/contract/resources/chat'
import type { Contact } from '../../../electron/contract/resources/contact'
import { SEED_FACTS } from '../../../electron/sandbox/index'
import { useSandbox } from './sandboxClient'

const api = useSandbox()
const W = SEED_FACTS.workspaceId

describe('sandbox contacts', () => {
  it('pages contacts from 1 with 25 by default and an empty page past the end', async () => {
    const first = await api.get<Contact[]>(`/v2/workspace/${W}/search`)
    expect(first.body).toHaveLength(25)
    expect(first.body[0]).toMatchObject({ id: SEED_FACTS.contactId, name: SEED_FACTS.contactName })
    const page1 = await api.get<Contact[]>(`/v2/workspace/${W}/search?page=1&pageSize=10`)
    const page2 = await api.get<Contact[]>(`/v2/workspace/${W}/search?page=2&pageSize=10`)
    expect(page1.body).toEqual(first.body.slice(0, 10))
    expect(page2.body).toEqual(first.body.slice(10, 20))
    expect((await api.get(`/v2/workspace/${W}/search?page=999&pageSize=10`)).body).toEqual([])
  })

  it('seeds contacts with Brazilian phones, e-mails, birthdays in ms and custom field values', async () => {
    const all = (await api.get<Contact[]>(`/v2/workspace/${W}/search?pageSize=500`)).body
    expect(all).toHaveLength(SEED_FACTS.contactCount)
    expect(all.every((c) => /^55119\d{8}$/.test(c.phone ?? ''))).toBe(true)
    expect(new Set(all.map((c) => c.phone)).size).toBe(all.length)
    expect(all.filter((c) => c.email).every((c) => /^[a-z0-9.]+@[a-z.]+$/.test(c.email as string))).toBe(true)
    expect(all.every((c) => typeof c.birthday === 'number' && c.birthday > Date.UTC(1950, 0, 1))).toBe(true)
    expect(all.every((c) => c.customFieldValues?.length === 3)).toBe(true)
  })

  it('filters contacts by name, phone or e-mail, ignoring case and accents', async () => {
    const byName = await api.get<Contact[]>(`/v2/workspace/${W}/search?query=jose%20da%20CONCEICAO`)
    expect(byName.body.map((c) => c.id)).toContain(SEED_FACTS.accentedContactId)
    expect(byName.body.every((c) => /jos[eé] da concei[cç][aã]o/i.test(c.name ?? ''))).toBe(true)
    const byPhone = await api.get<Contact[]>(`/v2/workspace/${W}/search?query=${SEED_FACTS.contactPhone}`)
    expect(byPhone.body.map((c) => c.id)).toEqual([SEED_FACTS.contactId])
    const someone = (await api.get<Contact[]>(`/v2/workspace/${W}/search?pageSize=100`)).body.find((c) => c.email)
    const byEmail = await api.get<Contact[]>(
      `/v2/workspace/${W}/search?query=${encodeURIComponent(someone?.email ?? '')}`,
    )
    expect(byEmail.body.map((c) => c.id)).toEqual([someone?.id])
  })

  it('gets, updates and deletes a contact', async () => {
    const id = (await api.get<Contact[]>(`/v2/workspace/${W}/search?page=3&pageSize=1`)).body[0].id
    const got = await api.get<Contact>(`/v2/workspace/${W}/contact/${id}`)
    expect(got.body.id).toBe(id)

    const updated = await api.call<Contact>('PUT', `/v2/contact/${id}/update`, {
      body: { name: 'Nome Atualizado', jobTitle: null, email: 'novo@exemplo.com.br' },
    })
    expect(updated.status).toBe(200)
    expect(updated.body).toEqual({ ...got.body, name: 'Nome Atualizado', jobTitle: null, email: 'novo@exemplo.com.br' })
    expect((await api.get(`/v2/workspace/${W}/contact/${id}`)).body).toEqual(updated.body)
    const bad = await api.call('PUT', `/v2/contact/${id}/update`, { body: { name: 'X', email: 'não é e-mail' } })
    expect(bad.status).toBe(400)
    expect((bad.body as { error: string }).error).toContain('body.email')

    const deleted = await api.call('DELETE', `/v2/contact/${id}/delete`)
    expect(deleted).toMatchObject({ status: 200, body: { success: true } })
    expect((await api.get(`/v2/workspace/${W}/contact/${id}`)).status).toBe(404)
  })

  it('does not give a contact of the workspace under another workspace id', async () => {
    const res = await api.get(`/v2/workspace/OTHER/contact/${SEED_FACTS.contactId}`)
    expect(res.status).toBe(404)
  })
})

describe('sandbox chats and messages', () => {
  it('lists 300 chats, newest activity first, with the Chat fields', async () => {
    const all = (await api.get<Chat[]>(`/v2/workspace/${W}/chats?pageSize=500`)).body
    expect(all).toHaveLength(SEED_FACTS.chatCount)
    const times = all.map((c) => c.time as number)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    for (const chat of all.slice(0, 20)) {
      expect(chat.id).toBe(`${chat.id.split('-')[0]}-${chat.recipient}`)
      expect(chat).toMatchObject({
        name: expect.any(String),
        agentId: expect.any(String),
        agentName: expect.any(String),
        time: expect.any(Number),
        unReadCount: expect.any(Number),
        humanTalk: expect.any(Boolean),
        finished: expect.any(Boolean),
      })
    }
    expect(new Set(all.map((c) => c.type)).size).toBeGreaterThanOrEqual(5)
    const first = await api.get<Chat[]>(`/v2/workspace/${W}/chats`)
    expect(first.body).toEqual(all.slice(0, 25))
    const second = await api.get<Chat[]>(`/v2/workspace/${W}/chats?page=2&pageSize=25`)
    expect(second.body).toEqual(all.slice(25, 50))
  })

  it('filters chats by agent and by name without accents', async () => {
    const agent = SEED_FACTS.agents.personal
    const byAgent = (await api.get<Chat[]>(`/v2/workspace/${W}/chats?agentId=${agent}&pageSize=500`)).body
    expect(byAgent.length).toBeGreaterThan(0)
    expect(byAgent.every((c) => c.agentId === agent)).toBe(true)
    const byName = await api.get<Chat[]>(`/v2/workspace/${W}/chats?query=maria%20aparecida`)
    expect(byName.body.map((c) => c.id)).toContain(SEED_FACTS.bigChatId)
    const accented = await api.get<Chat[]>(`/v2/workspace/${W}/chats?query=JOSE%20DA%20CONCEICAO&pageSize=500`)
    expect(accented.body.length).toBeGreaterThan(0)
  })

  it('lists messages newest first, page 1 being the newest, with every role and media kind', async () => {
    const page1 = (await api.get<ChatMessage[]>(`/v2/chat/${SEED_FACTS.bigChatId}/messages`)).body
    expect(page1).toHaveLength(25)
    const page2 = (await api.get<ChatMessage[]>(`/v2/chat/${SEED_FACTS.bigChatId}/messages?page=2`)).body
    const times = [...page1, ...page2].map((m) => m.time)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(page1[0].time).toBeGreaterThan(page2[0].time)

    const human = page1.find((m) => m.role === 'assistant' && m.userName)
    expect(human?.userId).toEqual(expect.any(String))
    expect(page1.some((m) => m.role === 'assistant' && m.userName === null && m.type === 'TEXT')).toBe(true)
    expect(page1.some((m) => m.role === 'user' && m.type === 'TEXT')).toBe(true)
    const notices = page1.filter((m) => m.role === 'system' && m.type === 'NOTIFICATION')
    expect(notices.map((m) => m.conversationNotificationType).sort()).toEqual([
      'START_INTERACTION_HUMAN',
      'TRANSFER_AGENT',
      'TRANSFER_QUEUE',
    ])
    const image = page1.find((m) => m.type === 'IMAGE') as ChatMessage
    expect(image.imageUrl).toMatch(new RegExp(`^${api.url}/media/image-\\d+-${image.width}x${image.height}\\.png$`))
    const audio = page1.find((m) => m.type === 'AUDIO') as ChatMessage
    expect(audio.audioUrl).toMatch(new RegExp(`^${api.url}/media/audio-\\d+\\.wav$`))
    expect(audio.midiaContent).toEqual(expect.any(String))
    const doc = page1.find((m) => m.type === 'DOCUMENT') as ChatMessage
    expect(doc.documentUrl).toMatch(new RegExp(`^${api.url}/media/.+\\.pdf$`))
    expect(doc.fileName).toMatch(/\.pdf$/)
  })

  it('answers every message key, null where unused', async () => {
    const [message] = (await api.get<ChatMessage[]>(`/v2/chat/${SEED_FACTS.bigChatId}/messages?pageSize=1`)).body
    expect(Object.keys(message).sort()).toEqual(
      [
        'id',
        'role',
        'type',
        'text',
        'time',
        'userId',
        'userName',
        'userPicture',
        'imageUrl',
        'audioUrl',
        'documentUrl',
        'fileName',
        'width',
        'height',
        'midiaContent',
        'conversationNotificationType',
      ].sort(),
    )
  })

  it('gives each chat its own messages, ending at the chat time', async () => {
    const chats = (await api.get<Chat[]>(`/v2/workspace/${W}/chats?pageSize=5`)).body
    const seen = new Set<string>()
    for (const chat of chats) {
      const messages = (await api.get<ChatMessage[]>(`/v2/chat/${encodeURIComponent(chat.id)}/messages?pageSize=500`))
        .body
      expect(messages.length).toBeGreaterThanOrEqual(8)
      expect(messages[0].time).toBe(chat.time)
      for (const m of messages) {
        expect(seen.has(m.id)).toBe(false)
        seen.add(m.id)
      }
    }
  })
})
