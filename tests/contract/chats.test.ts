import { describe, expect, it } from 'vitest'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { failureOf } from './failureOf'
import { useSandbox } from './sandboxSession'

const session = useSandbox()
const workspace = { workspaceId: SEED_FACTS.workspaceId }

const chatsOf = (query: { agentId?: string; page?: number; pageSize?: number; query?: string }) =>
  session.api.chats.list({ path: workspace, query })

describe('chats.list', () => {
  it('lists the chats of the workspace, most recent first', async () => {
    const all = await chatsOf({ pageSize: 500 })
    expect(all).toHaveLength(SEED_FACTS.chatCount)
    const times = all.map((c) => c.time ?? 0)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    expect(all.map((c) => c.id)).toContain(SEED_FACTS.bigChatId)
  })

  it('pages from 1', async () => {
    const all = await chatsOf({ pageSize: 500 })
    const first = await chatsOf({ page: 1, pageSize: 10 })
    const second = await chatsOf({ page: 2, pageSize: 10 })
    expect([...first, ...second].map((c) => c.id)).toEqual(all.slice(0, 20).map((c) => c.id))
    expect(await chatsOf({ page: 31, pageSize: 10 })).toEqual([])
  })

  it('filters by agent with agentId', async () => {
    const { support } = SEED_FACTS.agents
    const chats = await chatsOf({ agentId: support, pageSize: 500 })
    expect(chats.length).toBeGreaterThan(0)
    expect(chats.length).toBeLessThan(SEED_FACTS.chatCount)
    expect(new Set(chats.map((c) => c.agentId))).toEqual(new Set([support]))
    expect(session.sent.at(-1)).toBe(
      `GET /v2/workspace/${SEED_FACTS.workspaceId}/chats?agentId=${support}&pageSize=500`,
    )
  })

  it('filters by chat name with query, ignoring accents', async () => {
    const chats = await chatsOf({ query: 'maria aparecida', pageSize: 500 })
    expect(chats.map((c) => c.id)).toContain(SEED_FACTS.bigChatId)
    expect(chats.length).toBeLessThan(SEED_FACTS.chatCount)
    const accented = await chatsOf({ query: 'jose da conceicao', pageSize: 500 })
    expect(accented.length).toBeGreaterThan(0)
    for (const chat of accented) expect(chat.name).toContain('José da Conceição')
  })
})

describe('messages.list', () => {
  const path = { chatId: SEED_FACTS.bigChatId }

  it('lists the messages of a chat, newest first, each with a time', async () => {
    const messages = await session.api.messages.list({ path, query: { pageSize: 500 } })
    expect(messages.length).toBeGreaterThan(10)
    const times = messages.map((m) => m.time)
    expect(times).toEqual([...times].sort((a, b) => b - a))
    for (const message of messages) expect(message).toMatchObject({ id: expect.any(String), time: expect.any(Number) })
  })

  it('pages from 1 without gaps or repeats', async () => {
    const all = await session.api.messages.list({ path, query: { pageSize: 500 } })
    const paged = []
    for (let page = 1; paged.length < all.length; page++) {
      const part = await session.api.messages.list({ path, query: { page, pageSize: 7 } })
      expect(part.length).toBeGreaterThan(0)
      paged.push(...part)
    }
    expect(paged.map((m) => m.id)).toEqual(all.map((m) => m.id))
    expect(session.sent.at(-1)).toMatch(/\?page=\d+&pageSize=7$/)
  })

  it('answers not_found for an unknown chat', async () => {
    const error = await failureOf(session.api.messages.list({ path: { chatId: 'UNKNOWN' } }))
    expect(error).toMatchObject({ kind: 'not_found', status: 404, endpoint: 'messages.list' })
  })
})

describe('contacts.search', () => {
  it('finds a contact by name, phone, or accent-free spelling', async () => {
    const byName = await session.api.contacts.search({ path: workspace, query: { query: SEED_FACTS.contactName } })
    expect(byName.map((c) => c.id)).toContain(SEED_FACTS.contactId)
    const byPhone = await session.api.contacts.search({ path: workspace, query: { query: SEED_FACTS.contactPhone } })
    expect(byPhone.map((c) => c.id)).toEqual([SEED_FACTS.contactId])
    const folded = await session.api.contacts.search({ path: workspace, query: { query: 'jose da conceicao simoes' } })
    expect(folded.map((c) => c.id)).toEqual([SEED_FACTS.accentedContactId])
  })

  it('lists and pages every contact from 1', async () => {
    const all = await session.api.contacts.search({ path: workspace, query: { pageSize: 500 } })
    expect(all).toHaveLength(SEED_FACTS.contactCount)
    const second = await session.api.contacts.search({ path: workspace, query: { page: 2, pageSize: 50 } })
    expect(second.map((c) => c.id)).toEqual(all.slice(50, 100).map((c) => c.id))
  })
})

describe('contacts.get', () => {
  it('gets one contact', async () => {
    const contact = await session.api.contacts.get({ path: { ...workspace, contactId: SEED_FACTS.contactId } })
    expect(contact).toMatchObject({
      id: SEED_FACTS.contactId,
      name: SEED_FACTS.contactName,
      phone: SEED_FACTS.contactPhone,
    })
  })

  it('answers not_found for an unknown contact or a contact of another workspace', async () => {
    const unknown = await failureOf(session.api.contacts.get({ path: { ...workspace, contactId: 'UNKNOWN' } }))
    expect(unknown).toMatchObject({ kind: 'not_found', status: 404 })
    const elsewhere = await failureOf(
      session.api.contacts.get({ path: { workspaceId: 'OTHER', contactId: SEED_FACTS.contactId } }),
    )
    expect(elsewhere).toMatchObject({ kind: 'not_found', status: 404 })
  })
})

describe('contacts.update', () => {
  it('updates a contact; the answer and a later read agree', async () => {
    const path = { contactId: SEED_FACTS.accentedContactId }
    const before = await session.api.contacts.get({ path: { ...workspace, ...path } })
    const updated = await session.api.contacts.update({
      path,
      body: {
        name: 'José C. Simões',
        email: 'jose@example.com',
        jobTitle: 'Comprador',
        customFieldValues: [{ customFieldId: SEED_FACTS.customFieldIds.city, value: 'Recife' }],
      },
    })
    expect(updated).toMatchObject({
      id: SEED_FACTS.accentedContactId,
      name: 'José C. Simões',
      email: 'jose@example.com',
      jobTitle: 'Comprador',
      phone: before.phone,
      customFieldValues: [{ customFieldId: SEED_FACTS.customFieldIds.city, value: 'Recife' }],
    })
    expect(await session.api.contacts.get({ path: { ...workspace, ...path } })).toEqual(updated)
  })

  it('the client refuses a malformed e-mail before sending', async () => {
    const error = await failureOf(
      session.api.contacts.update({ path: { contactId: SEED_FACTS.contactId }, body: { name: 'x', email: 'no-at' } }),
    )
    expect(error.fields).toEqual({ 'body.email': 'invalid' })
  })
})

describe('contacts.delete', () => {
  it('deletes a contact, after which it is not found', async () => {
    const [, , victim] = await session.api.contacts.search({ path: workspace, query: { pageSize: 5 } })
    await session.api.contacts.delete({ path: { contactId: victim.id } })
    const gone = await failureOf(session.api.contacts.get({ path: { ...workspace, contactId: victim.id } }))
    expect(gone.kind).toBe('not_found')
    const again = await failureOf(session.api.contacts.delete({ path: { contactId: victim.id } }))
    expect(again).toMatchObject({ kind: 'not_found', status: 404 })
    const left = await session.api.contacts.search({ path: workspace, query: { pageSize: 500 } })
    expect(left.map((c) => c.id)).not.toContain(victim.id)
  })
})
