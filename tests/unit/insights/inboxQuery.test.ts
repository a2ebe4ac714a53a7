import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { Chat } from '../../../electron/contract'
import { openCacheDatabase, type CacheDb } from '../../../electron/core/cache/cacheDatabase'
import { InboxQuery } from '../../../electron/core/cache/inboxQuery'
import { MessageStore } from '../../../electron/core/cache/messageStore'

const KEY = 'ef'.repeat(32)
let dir: string
let db: CacheDb
let store: MessageStore
let inbox: InboxQuery

/** Five chats, one per kind of state an operator triages. */
const CHATS: Chat[] = [
  // A person answers and the customer wrote last: needs a person, and unread.
  {
    id: 'waiting',
    agentId: 'a1',
    type: 'WHATSAPP',
    humanTalk: true,
    finished: false,
    role: 'user',
    unReadCount: 2,
    time: 500,
  },
  // A person answers and answered last.
  {
    id: 'answered',
    agentId: 'a1',
    type: 'WHATSAPP',
    humanTalk: true,
    finished: false,
    role: 'assistant',
    unReadCount: 0,
    time: 400,
  },
  // The AI answers; unread by `read: false` alone.
  {
    id: 'ai',
    agentId: 'a2',
    type: 'INSTAGRAM',
    humanTalk: false,
    finished: false,
    role: 'user',
    read: false,
    time: 300,
  },
  { id: 'done', agentId: 'a2', type: 'WIDGET', humanTalk: false, finished: true, role: 'assistant', time: 200 },
  // A chat without any of the fields: the AI answers it (no one took it over), and it counts in All.
  { id: 'bare', time: 100 },
]

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'inbox-'))
  db = openCacheDatabase(join(dir, 'p.db'), KEY).db
  store = new MessageStore(db)
  store.saveChats(CHATS)
  inbox = new InboxQuery(db)
})

afterEach(() => {
  if (db.open) db.close()
  rmSync(dir, { recursive: true, force: true })
})

const ids = (page: { chats: Chat[] }) => page.chats.map((c) => c.id)
const all = { agentId: null, channel: null, limit: 50 }

describe('the inbox over the cached chats', () => {
  it('counts every view and lists each newest first', () => {
    expect(inbox.counts(null, null)).toEqual({ needsPerson: 1, unread: 2, ai: 2, finished: 1, all: 5 })
    expect(ids(inbox.list({ ...all, view: 'needsPerson' }))).toEqual(['waiting'])
    expect(ids(inbox.list({ ...all, view: 'unread' }))).toEqual(['waiting', 'ai'])
    expect(ids(inbox.list({ ...all, view: 'ai' }))).toEqual(['ai', 'bare'])
    expect(ids(inbox.list({ ...all, view: 'finished' }))).toEqual(['done'])
    expect(ids(inbox.list({ ...all, view: 'all' }))).toEqual(['waiting', 'answered', 'ai', 'done', 'bare'])
  })

  it('filters by agent and by channel type, and lists the channel types', () => {
    expect(inbox.counts('a1', null)).toEqual({ needsPerson: 1, unread: 1, ai: 0, finished: 0, all: 2 })
    expect(inbox.counts(null, 'INSTAGRAM')).toEqual({ needsPerson: 0, unread: 1, ai: 1, finished: 0, all: 1 })
    expect(ids(inbox.list({ ...all, view: 'all', agentId: 'a2', channel: 'WIDGET' }))).toEqual(['done'])
    expect(inbox.list({ ...all, view: 'all' }).channels).toEqual(['INSTAGRAM', 'WHATSAPP', 'WIDGET'])
  })

  it('pages by keyset without skipping or repeating a chat', () => {
    const first = inbox.list({ ...all, view: 'all', limit: 2 })
    expect(ids(first)).toEqual(['waiting', 'answered'])
    const second = inbox.list({ ...all, view: 'all', limit: 2, before: first.next! })
    expect(ids(second)).toEqual(['ai', 'done'])
    const third = inbox.list({ ...all, view: 'all', limit: 2, before: second.next! })
    expect(ids(third)).toEqual(['bare'])
    expect(third.next).toBeNull()
  })

  it('follows a chat the list read again: a customer message moves it into Needs a person', () => {
    store.saveChats([{ ...CHATS[1]!, role: 'user', unReadCount: 1, time: 600 }])
    expect(ids(inbox.list({ ...all, view: 'needsPerson' }))).toEqual(['answered', 'waiting'])
    expect(inbox.counts(null, null)).toMatchObject({ needsPerson: 2, unread: 3 })
  })

  it('keeps the counts and channel types between view switches, and reads them again after any write, here or in another connection', () => {
    expect(inbox.list({ ...all, view: 'all' }).counts).toMatchObject({ needsPerson: 1, all: 5 })
    expect(inbox.list({ ...all, view: 'unread' }).counts).toMatchObject({ needsPerson: 1, all: 5 })
    // A write on this connection.
    store.saveChats([{ ...CHATS[1]!, role: 'user', unReadCount: 1, time: 600 }])
    expect(inbox.list({ ...all, view: 'needsPerson' }).counts).toMatchObject({ needsPerson: 2, all: 5 })
    // A write by another connection to the same file (another process, a second window).
    const other = openCacheDatabase(join(dir, 'p.db'), KEY).db
    try {
      new MessageStore(other).saveChats([
        { id: 'new', agentId: 'a3', type: 'TELEGRAM', humanTalk: true, role: 'user', time: 700 },
      ])
    } finally {
      other.close()
    }
    const page = inbox.list({ ...all, view: 'all' })
    expect(page.counts).toMatchObject({ needsPerson: 3, all: 6 })
    expect(page.channels).toContain('TELEGRAM')
    expect(inbox.counts('a3', null)).toMatchObject({ needsPerson: 1, all: 1 })
  })

  it('filters by part of the name or phone, taking LIKE characters literally', () => {
    store.saveChats([
      { id: 'w-5511999', name: 'Maria 50%', agentId: 'a1', humanTalk: true, role: 'user', time: 700 },
      { id: 'w-5511888', name: 'Mario', agentId: 'a1', time: 650 },
    ])
    expect(ids(inbox.list({ ...all, view: 'all', query: 'mari' }))).toEqual(['w-5511999', 'w-5511888'])
    expect(ids(inbox.list({ ...all, view: 'all', query: '50%' }))).toEqual(['w-5511999'])
    expect(ids(inbox.list({ ...all, view: 'all', query: '1888' }))).toEqual(['w-5511888'])
    expect(inbox.counts(null, null, 'mari')).toMatchObject({ all: 2, needsPerson: 1 })
  })

  it('counts from the index alone', () => {
    const plan = db
      .prepare(`EXPLAIN QUERY PLAN SELECT count(*), sum(human = 1 AND finished = 0) FROM chats INDEXED BY chats_inbox`)
      .all() as { detail: string }[]
    expect(plan.map((p) => p.detail).join()).toMatch(/COVERING INDEX chats_inbox/)
  })
})
