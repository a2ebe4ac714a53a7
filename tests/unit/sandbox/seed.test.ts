import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import type { Agent } from '../../../electron/contract/resources/agent'
import type { Chat, ChatMessage } from '../../../electron/contract/resources/chat'
import { SEED_FACTS, startSandbox } from '../../../electron/sandbox/index'
import { callSandbox, TOKEN, useSandbox } from './sandboxClient'

const W = SEED_FACTS.workspaceId

describe('sandbox default seed (with the 100,000-message chat)', () => {
  const api = useSandbox({ bigChat: true })

  it('seeds 4 agents, 500 contacts and 300 chats', async () => {
    expect((await api.get<Agent[]>(`/v2/workspace/${W}/agents`)).body).toHaveLength(4)
    expect((await api.get<unknown[]>(`/v2/workspace/${W}/search?pageSize=500`)).body).toHaveLength(500)
    expect((await api.get<unknown[]>(`/v2/workspace/${W}/search?page=2&pageSize=500`)).body).toHaveLength(0)
    expect((await api.get<Chat[]>(`/v2/workspace/${W}/chats?pageSize=500`)).body).toHaveLength(300)
  })

  it('puts exactly 100,000 messages in the big chat, times increasing, spanning many days', async () => {
    const path = `/v2/chat/${SEED_FACTS.bigChatId}/messages`
    const last = await api.get<ChatMessage[]>(`${path}?page=200&pageSize=500`)
    expect(last.body).toHaveLength(500)
    expect((await api.get<ChatMessage[]>(`${path}?page=201&pageSize=500`)).body).toEqual([])
    const newest = (await api.get<ChatMessage[]>(`${path}?page=1&pageSize=500`)).body
    const middle = (await api.get<ChatMessage[]>(`${path}?page=100&pageSize=500`)).body
    for (const page of [newest, middle, last.body]) {
      const times = page.map((m) => m.time)
      expect(times).toEqual([...times].sort((a, b) => b - a))
    }
    expect(newest[499].time).toBeGreaterThan(middle[0].time)
    expect(middle[499].time).toBeGreaterThan(last.body[0].time)
    const days = (newest[0].time - last.body[499].time) / 86_400_000
    expect(days).toBeGreaterThan(30)
  })

  it('reports that it seeded, and how long that took', () => {
    // A figure, not a timed assertion: wall time depends on whatever else the machine runs.
    console.log(`[sandbox] seed with the big chat took ${api.sandbox.seedMillis} ms`)
    expect(api.sandbox.seeded).toBe(true)
    expect(api.sandbox.seedMillis).toBeGreaterThan(0)
  })
})

describe('sandbox seed determinism', () => {
  it('yields the same data for the same seed and other names for another seed, with the same well-known ids', async () => {
    const runs = []
    for (const seed of [7, 7, 8]) {
      const s = await startSandbox({ port: 0, token: TOKEN, seed, bigChat: false })
      const chats = await callSandbox<Chat[]>(s.url, 'GET', `/v2/workspace/${W}/chats?pageSize=50`)
      const messages = await callSandbox<ChatMessage[]>(s.url, 'GET', `/v2/chat/${SEED_FACTS.bigChatId}/messages`)
      // Base URLs differ per run (random ports); compare what the seed decided.
      runs.push(JSON.stringify({ chats: chats.body, messages: messages.body }).replaceAll(s.url, ''))
      expect(s.workspaceId).toBe(W)
      await s.close()
    }
    expect(runs[0]).toBe(runs[1])
    expect(runs[0]).not.toBe(runs[2])
  })
})

describe('sandbox --db file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sandbox-db-'))
  afterAll(() => rmSync(dir, { recursive: true, force: true }))

  it('keeps edits across a restart and does not seed a file that has data', async () => {
    const dbFile = join(dir, 'demo.sqlite')
    const first = await startSandbox({ port: 0, token: TOKEN, dbFile, bigChat: false })
    expect(first.seeded).toBe(true)
    const put = await callSandbox<Agent>(first.url, 'PUT', `/v2/agent/${SEED_FACTS.agents.sales}`, {
      body: { name: 'Rafael Editado', behavior: 'Comportamento editado na demonstração.' },
    })
    expect(put.status).toBe(200)
    await callSandbox(first.url, 'DELETE', `/v2/contact/${SEED_FACTS.accentedContactId}/delete`)
    await first.close()

    const second = await startSandbox({ port: 0, token: 'another-token', dbFile, bigChat: false, seed: 99 })
    try {
      expect(second.seeded).toBe(false)
      expect(second.workspaceId).toBe(W)
      const agent = await callSandbox<Agent>(second.url, 'GET', `/v2/agent/${SEED_FACTS.agents.sales}`, {
        token: 'another-token',
      })
      expect(agent.body).toMatchObject({ name: 'Rafael Editado', behavior: 'Comportamento editado na demonstração.' })
      // The avatar was stored as a path and is answered on the new server's own URL.
      expect(agent.body).not.toHaveProperty('avatar')
      const contact = await callSandbox(
        second.url,
        'GET',
        `/v2/workspace/${W}/contact/${SEED_FACTS.accentedContactId}`,
        {
          token: 'another-token',
        },
      )
      expect(contact.status).toBe(404)
      const seeded = await callSandbox<Agent>(second.url, 'GET', `/v2/agent/${SEED_FACTS.agents.support}`, {
        token: 'another-token',
      })
      expect(seeded.body.avatar?.startsWith(`${second.url}/media/`)).toBe(true)
    } finally {
      await second.close()
    }
  })
})
