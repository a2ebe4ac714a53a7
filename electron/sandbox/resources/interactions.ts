import type { Chat, ChatMessage } from '../../contract/resources/chat'
import { DEFAULT_PAGE_SIZE, FIRST_PAGE } from '../../contract/resources/common'
import { EXPORT_COLUMNS, type Interaction } from '../../contract/resources/liveChat'
import { prepared } from '../liveChats'
import { messageWire } from '../wire'
import { notFound, type RouteTable } from './kit'

interface InteractionRow {
  data: string
  chat_id: string
  start_time: number
  end_time: number | null
  protocol: number
}

function duration(start: number, end: number | null): string {
  if (end === null) return ''
  const s = Math.max(0, Math.round((end - start) / 1000))
  const pad = (n: number) => String(n).padStart(2, '0')
  return `${pad(Math.floor(s / 3600))}:${pad(Math.floor((s % 3600) / 60))}:${pad(s % 60)}`
}

/** What the `interactions.*` operations do in the sandbox (assembled in index.ts). */
export const interactionsRoutes: RouteTable<'interactions'> = {
  'interactions.list': ({ path, query }, store) => {
    if (!store.workspaces.get(path.workspaceId)) throw notFound('workspace', path.workspaceId)
    prepared(store)
    const size = query.pageSize ?? DEFAULT_PAGE_SIZE
    const offset = ((query.page ?? FIRST_PAGE) - FIRST_PAGE) * size
    const byAgent = query.agentId ? ' AND agent_id = ?' : ''
    const rows = store.db
      .prepare(
        `SELECT data FROM interactions WHERE workspace_id = ?${byAgent} ORDER BY start_time DESC, id LIMIT ? OFFSET ?`,
      )
      .all(path.workspaceId, ...(query.agentId ? [query.agentId] : []), size, offset) as { data: string }[]
    return rows.map((r) => JSON.parse(r.data) as Interaction)
  },
  'interactions.messages': ({ path }, store) => {
    prepared(store)
    const row = store.db
      .prepare('SELECT data, chat_id, start_time, end_time, protocol FROM interactions WHERE id = ?')
      .get(path.interactionId) as InteractionRow | undefined
    if (!row) throw notFound('interaction', path.interactionId)
    // Not paged on the vendor; the sandbox caps a session at its newest 1,000 messages.
    const rows = store.db
      .prepare(
        `SELECT data FROM messages WHERE chat_id = ? AND time >= ? AND time <= ? ORDER BY time DESC, id LIMIT 1000`,
      )
      .all(row.chat_id, row.start_time, row.end_time ?? Number.MAX_SAFE_INTEGER) as { data: string }[]
    return rows.map((r) => messageWire(JSON.parse(r.data) as ChatMessage))
  },
  'interactions.delete': ({ path }, store) => {
    prepared(store)
    const gone = store.db.prepare('DELETE FROM interactions WHERE id = ?').run(path.id)
    if (gone.changes === 0) throw notFound('interaction', path.id)
    return { deleted: true }
  },
  'interactions.export': ({ path, body }, store) => {
    if (!store.workspaces.get(path.workspaceId)) throw notFound('workspace', path.workspaceId)
    prepared(store)
    const paged = body.page !== undefined || body.pagesize !== undefined
    const size = body.pagesize ?? DEFAULT_PAGE_SIZE
    const rows = store.db
      .prepare(
        `SELECT i.data, i.chat_id, i.start_time, i.end_time, i.protocol, c.data AS chat FROM interactions i
           LEFT JOIN chats c ON c.id = i.chat_id WHERE i.workspace_id = ? ORDER BY i.start_time DESC, i.id
           LIMIT ? OFFSET ?`,
      )
      .all(path.workspaceId, paged ? size : -1, paged ? ((body.page ?? 1) - 1) * size : 0) as (InteractionRow & {
      chat: string | null
    })[]
    return rows.map((r) => {
      const i = JSON.parse(r.data) as Interaction
      const chat = r.chat ? (JSON.parse(r.chat) as Chat) : undefined
      const row: Record<(typeof EXPORT_COLUMNS)[number], string> = {
        contactName: i.chatName ?? '',
        channelType: chat?.type ?? '',
        status: i.status ?? '',
        agentName: i.agentName ?? '',
        startAt: i.startAt ?? '',
        resolvedAt: i.resolvedAt ?? '',
        duration: duration(r.start_time, r.end_time),
        protocol: String(r.protocol),
      }
      return row
    })
  },
}
