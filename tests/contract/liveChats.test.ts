import { describe, expect, it } from 'vitest'
import type { Chat } from '../../electron/contract/resources/chat'
import { SEED_FACTS } from '../../electron/sandbox/index'
import { failureOf } from './failureOf'
import { useSandbox } from './sandboxSession'

/** The operators' live-chat operations, each through the vendor gate. */

const session = useSandbox()
const workspace = { workspaceId: SEED_FACTS.workspaceId }

async function allChats(): Promise<Chat[]> {
  return session.api.chats.list({ path: workspace, query: { pageSize: 500 } })
}
async function chatOfType(type: string, skip = 0): Promise<Chat> {
  const chat = (await allChats()).filter((c) => c.type === type)[skip]
  if (!chat) throw new Error(`no ${type} chat seeded`)
  return chat
}
async function chatNamed(id: string): Promise<Chat | undefined> {
  return (await allChats()).find((c) => c.id === id)
}
const newest = async (chatId: string) =>
  (await session.api.messages.list({ path: { chatId }, query: { pageSize: 5 } }))[0]

describe('chats.startHuman', () => {
  it('takes a chat over: humanTalk becomes true and the answer is {success}', async () => {
    const chat = (await allChats()).find((c) => !c.humanTalk) as Chat
    expect(await session.api.chats.startHuman({ path: { chatId: chat.id } })).toEqual({ success: true })
    expect((await chatNamed(chat.id))?.humanTalk).toBe(true)
    expect(session.sent.at(-2)).toBe(`PUT /v2/chat/${encodeURIComponent(chat.id)}/start-human`)
  })

  it('answers not_found for an unknown chat', async () => {
    const error = await failureOf(session.api.chats.startHuman({ path: { chatId: 'UNKNOWN' } }))
    expect(error).toMatchObject({ kind: 'not_found', status: 404, endpoint: 'chats.startHuman' })
  })
})

describe('chats.stopHuman', () => {
  it('returns a chat to the AI: humanTalk becomes false', async () => {
    const chat = (await allChats()).find((c) => c.humanTalk) as Chat
    expect(await session.api.chats.stopHuman({ path: { chatId: chat.id } })).toEqual({ success: true })
    expect((await chatNamed(chat.id))?.humanTalk).toBe(false)
  })
})

describe('messages.send', () => {
  it('sends a text: it becomes the newest message, from the operator, and the chat summary follows', async () => {
    const chat = await chatOfType('WHATSAPP', 1)
    expect(
      await session.api.messages.send({ path: { chatId: chat.id }, body: { message: 'Olá, aqui é a Ana.' } }),
    ).toEqual({
      success: true,
    })
    expect(await newest(chat.id)).toMatchObject({ role: 'assistant', type: 'TEXT', text: 'Olá, aqui é a Ana.' })
    expect((await chatNamed(chat.id))?.conversation).toBe('Olá, aqui é a Ana.')
  })

  it('replies to a message with replyMessageId', async () => {
    const chat = await chatOfType('WHATSAPP', 1)
    const target = (await session.api.messages.list({ path: { chatId: chat.id }, query: { pageSize: 10 } }))[3]
    await session.api.messages.send({
      path: { chatId: chat.id },
      body: { message: 'Sobre isso:', replyMessageId: target.id },
    })
    expect(await newest(chat.id)).toMatchObject({ text: 'Sobre isso:', replyMessageId: target.id })
  })

  it('sends an image with a caption, an audio, a video and a document by URL', async () => {
    const chat = await chatOfType('WHATSAPP', 2)
    const path = { chatId: chat.id }
    await session.api.messages.send({ path, body: { image: 'https://cdn.example.com/a.png', message: 'Foto' } })
    expect(await newest(chat.id)).toMatchObject({
      type: 'IMAGE',
      imageUrl: 'https://cdn.example.com/a.png',
      text: 'Foto',
    })
    await session.api.messages.send({ path, body: { audio: 'https://cdn.example.com/a.mp3' } })
    expect(await newest(chat.id)).toMatchObject({ type: 'AUDIO', audioUrl: 'https://cdn.example.com/a.mp3' })
    await session.api.messages.send({ path, body: { video: 'https://cdn.example.com/v.mp4' } })
    expect(await newest(chat.id)).toMatchObject({ type: 'VIDEO' })
    await session.api.messages.send({
      path,
      body: {
        document: 'https://cdn.example.com/n.pdf',
        documentName: 'nota.pdf',
        documentMimetype: 'application/pdf',
      },
    })
    expect(await newest(chat.id)).toMatchObject({ type: 'DOCUMENT', fileName: 'nota.pdf' })
  })

  it('refuses before sending: two media, a reply with media, text with audio, an empty message, a null', async () => {
    const path = { chatId: SEED_FACTS.bigChatId }
    const before = session.sent.length
    const cases: [unknown, string][] = [
      [{ image: 'https://x.example.com/a.png', audio: 'https://x.example.com/a.mp3' }, 'body.audio'],
      [{ image: 'https://x.example.com/a.png', replyMessageId: 'M1' }, 'body.replyMessageId'],
      [{ audio: 'https://x.example.com/a.mp3', message: 'oi' }, 'body.message'],
      [{}, 'body.message'],
      [{ message: '   ' }, 'body.message'],
      [{ message: 'oi', replyMessageId: null }, 'body.replyMessageId'],
      [{ message: 'oi', extra: 1 }, 'body'],
    ]
    for (const [body, field] of cases) {
      const error = await failureOf(
        (session.api.call as (n: string, i: unknown) => Promise<unknown>)('messages.send', { path, body }),
      )
      expect(error.kind, JSON.stringify(body)).toBe('validation')
      expect(Object.keys(error.fields ?? {}), JSON.stringify(body)).toContain(field)
    }
    expect(session.sent.length).toBe(before)
  })
})

describe('messages.update', () => {
  it('edits a sent message on a Widget chat', async () => {
    const chat = await chatOfType('WIDGET')
    await session.api.messages.send({ path: { chatId: chat.id }, body: { message: 'Primeira versão' } })
    const sent = await newest(chat.id)
    const answer = await session.api.messages.update({
      path: { chatId: chat.id, messageId: sent.id },
      body: { message: 'Versão corrigida' },
    })
    expect(answer).toMatchObject({ success: true })
    expect(await newest(chat.id)).toMatchObject({ id: sent.id, text: 'Versão corrigida' })
  })

  it("is refused with the vendor's 500 on a channel that cannot edit (WhatsApp)", async () => {
    const chat = await chatOfType('WHATSAPP', 3)
    await session.api.messages.send({ path: { chatId: chat.id }, body: { message: 'Oi' } })
    const sent = await newest(chat.id)
    const error = await failureOf(
      session.api.messages.update({ path: { chatId: chat.id, messageId: sent.id }, body: { message: 'x' } }),
    )
    expect(error).toMatchObject({ status: 500, message: 'The channel does not allow edit messages' })
  })
})

describe('messages.delete', () => {
  it('deletes a sent message on a Telegram chat', async () => {
    const chat = await chatOfType('TELEGRAM')
    await session.api.messages.send({ path: { chatId: chat.id }, body: { message: 'Apagar' } })
    const sent = await newest(chat.id)
    expect(await session.api.messages.delete({ path: { chatId: chat.id, messageId: sent.id } })).toMatchObject({
      success: true,
    })
    expect((await newest(chat.id)).id).not.toBe(sent.id)
  })
})

describe('messages.clear', () => {
  it('removes every message; the chat stays', async () => {
    const chat = await chatOfType('INSTAGRAM', 2)
    expect(await session.api.messages.clear({ path: { chatId: chat.id } })).toEqual({ success: true })
    expect(await session.api.messages.list({ path: { chatId: chat.id } })).toEqual([])
    expect(await chatNamed(chat.id)).toBeDefined()
  })
})

describe('chats.delete', () => {
  it('deletes the chat and its messages', async () => {
    const chat = await chatOfType('INSTAGRAM', 3)
    expect(await session.api.chats.delete({ path: { chatId: chat.id } })).toEqual({ success: true })
    expect(await chatNamed(chat.id)).toBeUndefined()
    const error = await failureOf(session.api.messages.list({ path: { chatId: chat.id } }))
    expect(error.kind).toBe('not_found')
  })
})

describe('channels.startConversation', () => {
  it('sends the first message to a phone number on a WhatsApp channel: a chat appears with it', async () => {
    const body = { phone: '5511912345678', message: 'Olá! Sua encomenda chegou.' }
    expect(await session.api.channels.startConversation({ path: { channelId: SEED_FACTS.channelId }, body })).toEqual({
      success: true,
    })
    const chatId = `${SEED_FACTS.channelId}-5511912345678`
    expect(await newest(chatId)).toMatchObject({ text: 'Olá! Sua encomenda chegou.', role: 'assistant' })
  })

  it('a document needs its name and MIME type there', async () => {
    const error = await failureOf(
      session.api.channels.startConversation({
        path: { channelId: SEED_FACTS.channelId },
        body: { phone: '5511912345678', document: 'https://cdn.example.com/n.pdf' },
      }),
    )
    expect(Object.keys(error.fields ?? {})).toEqual(
      expect.arrayContaining(['body.documentName', 'body.documentMimetype']),
    )
  })
})

describe('interactions.list', () => {
  it('lists service sessions newest first, paged from 1, filtered by agent', async () => {
    const all = await session.api.interactions.list({ path: workspace, query: { pageSize: 500 } })
    expect(all.length).toBeGreaterThan(100)
    const starts = all.map((i) => Date.parse(i.startAt ?? ''))
    expect(starts).toEqual([...starts].sort((a, b) => b - a))
    const second = await session.api.interactions.list({ path: workspace, query: { page: 2, pageSize: 10 } })
    expect(second.map((i) => i.id)).toEqual(all.slice(10, 20).map((i) => i.id))
    const sales = await session.api.interactions.list({
      path: workspace,
      query: { agentId: SEED_FACTS.agents.sales, pageSize: 500 },
    })
    expect(sales.length).toBeGreaterThan(0)
    expect(new Set(sales.map((i) => i.agentId))).toEqual(new Set([SEED_FACTS.agents.sales]))
    for (const i of all) expect(['RUNNING', 'WAITING', 'RESOLVED']).toContain(i.status)
  })
})

describe('interactions.messages', () => {
  it('lists the messages of one session', async () => {
    const [first] = await session.api.interactions.list({ path: workspace, query: { pageSize: 1 } })
    const messages = await session.api.interactions.messages({ path: { interactionId: first.id } })
    expect(messages.length).toBeGreaterThan(0)
    for (const m of messages) expect(m).toMatchObject({ id: expect.any(String), time: expect.any(Number) })
  })
})

describe('interactions.delete', () => {
  it('deletes a session from the list: {deleted: true}', async () => {
    const [first] = await session.api.interactions.list({ path: workspace, query: { pageSize: 1 } })
    expect(await session.api.interactions.delete({ path: { id: first.id } })).toEqual({ deleted: true })
    const after = await session.api.interactions.list({ path: workspace, query: { pageSize: 500 } })
    expect(after.map((i) => i.id)).not.toContain(first.id)
    expect((await failureOf(session.api.interactions.delete({ path: { id: first.id } }))).kind).toBe('not_found')
  })
})

describe('interactions.export', () => {
  it('exports every session with {} and one page with {page, pagesize} (lowercase s)', async () => {
    const all = await session.api.interactions.export({ path: workspace, body: {} })
    const sessions = await session.api.interactions.list({ path: workspace, query: { pageSize: 500 } })
    expect(all).toHaveLength(sessions.length)
    for (const row of all.slice(0, 20))
      expect(Object.keys(row).sort()).toEqual(
        ['agentName', 'channelType', 'contactName', 'duration', 'protocol', 'resolvedAt', 'startAt', 'status'].sort(),
      )
    const page = await session.api.interactions.export({ path: workspace, body: { page: 2, pagesize: 5 } })
    expect(page).toEqual(all.slice(5, 10))
  })
})

describe('agents.converse', () => {
  it('talks to the agent without a channel and gets its reply', async () => {
    const reply = await session.api.agents.converse({
      path: { agentId: SEED_FACTS.agents.support },
      body: { contextId: 'desk-test-1', prompt: 'Qual o prazo de entrega?' },
    })
    expect(reply.message).toContain('Qual o prazo de entrega?')
  })
})

describe('agents.addMessage', () => {
  it('adds context the next answer knows about', async () => {
    const path = { agentId: SEED_FACTS.agents.sales }
    await session.api.agents.addMessage({
      path,
      body: { contextId: 'desk-test-2', prompt: 'Oferta X', role: 'assistant' },
    })
    const reply = await session.api.agents.converse({ path, body: { contextId: 'desk-test-2', prompt: 'E aí?' } })
    expect(reply.message).toContain('1 mensagem')
  })
})
