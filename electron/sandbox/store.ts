import Database from 'better-sqlite3-multiple-ciphers'
import type { Agent, BehaviorHistoryRecord } from '../contract/resources/agent'
import type { Channel } from '../contract/resources/channels'
import type { Chat, ChatMessage } from '../contract/resources/chat'
import type { Contact } from '../contract/resources/contact'
import type { IdleConfig } from '../contract/resources/idleAction'
import type { Intention } from '../contract/resources/intentions'
import type { McpTool } from '../contract/resources/mcp'
import type { Training } from '../contract/resources/training'
import type { TransferRule } from '../contract/resources/transferRules'
import type { Webhooks } from '../contract/resources/webhooks'
import type { Workspace } from '../contract/resources/workspace'
import { foldForSearch } from './textSearch'

/**
 * The sandbox's storage: one table per resource, each row holding the resource as JSON plus the
 * columns the routes filter and sort on. Insertion order (rowid) is the listing order unless a
 * resource has a time of its own.
 */

export interface McpConnection {
  id: string
  agentId: string
  name: string
  description: string
  mcpUrl: string
  urlType: string
  authType: string
  headers: Record<string, string>
  connected: boolean
  createdAt: number
}

/** A channel as stored: the list item plus what the update answer needs. */
export type ChannelRecord = Channel & { workspaceId: string; agentId: string | null }

export interface PageWindow {
  offset: number
  limit: number
}

export interface PageOf<T> {
  items: T[]
  count: number
}

const SCHEMA = `
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS workspaces (id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS agents (id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, search TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS agents_by_workspace ON agents (workspace_id);
CREATE TABLE IF NOT EXISTS behavior_history (id TEXT PRIMARY KEY, agent_id TEXT NOT NULL, created_at INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS behavior_history_by_agent ON behavior_history (agent_id, created_at DESC);
CREATE TABLE IF NOT EXISTS trainings (id TEXT PRIMARY KEY, agent_id TEXT NOT NULL, type TEXT NOT NULL, search TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS trainings_by_agent ON trainings (agent_id, type);
CREATE TABLE IF NOT EXISTS intentions (id TEXT PRIMARY KEY, agent_id TEXT NOT NULL, search TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS intentions_by_agent ON intentions (agent_id);
CREATE TABLE IF NOT EXISTS idle_configs (agent_id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS transfer_rules (id TEXT PRIMARY KEY, agent_id TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS transfer_rules_by_agent ON transfer_rules (agent_id);
CREATE TABLE IF NOT EXISTS channels (id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, agent_id TEXT, search TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS channels_by_agent ON channels (agent_id);
CREATE TABLE IF NOT EXISTS mcp_connections (id TEXT PRIMARY KEY, agent_id TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS mcp_connections_by_agent ON mcp_connections (agent_id);
CREATE TABLE IF NOT EXISTS mcp_tools (id TEXT PRIMARY KEY, mcp_id TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS mcp_tools_by_connection ON mcp_tools (mcp_id);
CREATE TABLE IF NOT EXISTS webhooks (agent_id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS contacts (id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, search TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS contacts_by_workspace ON contacts (workspace_id);
CREATE TABLE IF NOT EXISTS chats (id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, channel_id TEXT NOT NULL, agent_id TEXT, search TEXT NOT NULL, time INTEGER NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS chats_by_time ON chats (workspace_id, time DESC, id);
CREATE INDEX IF NOT EXISTS chats_by_channel ON chats (channel_id);
CREATE TABLE IF NOT EXISTS messages (id TEXT NOT NULL, chat_id TEXT NOT NULL, time INTEGER NOT NULL, data TEXT NOT NULL);
`

/** Built after a bulk load: one sort of 100,000 rows is cheaper than 100,000 index inserts. */
const MESSAGE_INDEX = 'CREATE INDEX IF NOT EXISTS messages_by_chat ON messages (chat_id, time DESC, id)'

/** Every key a message answer carries, as the live service sends them (unused ones null). */
const MESSAGE_KEYS_NULL = {
  id: '',
  role: null,
  type: null,
  text: null,
  time: 0,
  userId: null,
  userName: null,
  userPicture: null,
  imageUrl: null,
  audioUrl: null,
  documentUrl: null,
  fileName: null,
  width: null,
  height: null,
  midiaContent: null,
  conversationNotificationType: null,
} satisfies ChatMessage

interface DataRow {
  data: string
}

function parse<T>(row: DataRow | undefined): T | undefined {
  return row ? (JSON.parse(row.data) as T) : undefined
}

function parseAll<T>(rows: unknown[]): T[] {
  return (rows as DataRow[]).map((r) => JSON.parse(r.data) as T)
}

/** A text filter as a SQL condition on a folded `search` column; an empty filter matches all. */
function textFilter(query: string | undefined): { sql: string; params: string[] } {
  const folded = foldForSearch(query?.trim())
  return folded ? { sql: ' AND instr(search, ?) > 0', params: [folded] } : { sql: '', params: [] }
}

export class SandboxStore {
  readonly db: Database.Database

  constructor(file: string | undefined) {
    this.db = new Database(file ?? ':memory:')
    if (file) {
      this.db.pragma('journal_mode = WAL')
      this.db.pragma('synchronous = NORMAL')
    }
    this.db.exec(SCHEMA)
    this.db.exec(MESSAGE_INDEX)
  }

  /** Runs a bulk load of messages without the messages index, and builds it once at the end. */
  bulkLoad<T>(work: () => T): T {
    return this.transaction(() => {
      this.db.exec('DROP INDEX IF EXISTS messages_by_chat')
      const result = work()
      this.db.exec(MESSAGE_INDEX)
      return result
    })
  }

  private readonly statements = new Map<string, Database.Statement>()

  /** Prepared once, reused: the routes run the same few statements over and over. */
  private sql(text: string): Database.Statement {
    let statement = this.statements.get(text)
    if (!statement) {
      statement = this.db.prepare(text)
      this.statements.set(text, statement)
    }
    return statement
  }

  close(): void {
    this.db.close()
  }

  transaction<T>(work: () => T): T {
    return this.db.transaction(work)()
  }

  getMeta(key: string): string | undefined {
    const row = this.sql('SELECT value FROM meta WHERE key = ?').get(key) as { value: string } | undefined
    return row?.value
  }

  setMeta(key: string, value: string): void {
    this.sql('INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value').run(
      key,
      value,
    )
  }

  private page<T>(from: string, params: unknown[], order: string, window: PageWindow): PageOf<T> {
    const { n } = this.sql(`SELECT count(*) AS n ${from}`).get(...params) as { n: number }
    const rows = this.sql(`SELECT data ${from} ORDER BY ${order} LIMIT ? OFFSET ?`).all(
      ...params,
      window.limit,
      window.offset,
    )
    return { items: parseAll<T>(rows), count: n }
  }

  // ---- workspaces ---------------------------------------------------------------------------

  putWorkspace(w: Workspace): void {
    this.sql('INSERT OR REPLACE INTO workspaces (id, data) VALUES (?, ?)').run(w.id, JSON.stringify(w))
  }

  workspace(id: string): Workspace | undefined {
    return parse(this.sql('SELECT data FROM workspaces WHERE id = ?').get(id) as DataRow | undefined)
  }

  workspaces(): Workspace[] {
    return parseAll(this.sql('SELECT data FROM workspaces ORDER BY rowid').all())
  }

  // ---- agents -------------------------------------------------------------------------------

  putAgent(workspaceId: string, agent: Agent): void {
    this.sql(
      `INSERT INTO agents (id, workspace_id, search, data) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET search = excluded.search, data = excluded.data`,
    ).run(agent.id, workspaceId, foldForSearch(agent.name), JSON.stringify(agent))
  }

  agent(id: string): Agent | undefined {
    return parse(this.sql('SELECT data FROM agents WHERE id = ?').get(id) as DataRow | undefined)
  }

  agentWorkspaceId(id: string): string | undefined {
    const row = this.sql('SELECT workspace_id FROM agents WHERE id = ?').get(id) as { workspace_id: string } | undefined
    return row?.workspace_id
  }

  agents(workspaceId: string, query: string | undefined, window: PageWindow): PageOf<Agent> {
    const f = textFilter(query)
    return this.page('FROM agents WHERE workspace_id = ?' + f.sql, [workspaceId, ...f.params], 'rowid', window)
  }

  /** Removes an agent and everything that hangs under it; its channels stay, unlinked. */
  deleteAgent(id: string): void {
    this.transaction(() => {
      for (const table of ['behavior_history', 'trainings', 'intentions', 'idle_configs', 'transfer_rules', 'webhooks'])
        this.sql(`DELETE FROM ${table} WHERE agent_id = ?`).run(id)
      this.sql('DELETE FROM mcp_tools WHERE mcp_id IN (SELECT id FROM mcp_connections WHERE agent_id = ?)').run(id)
      this.sql('DELETE FROM mcp_connections WHERE agent_id = ?').run(id)
      for (const channel of this.channelsOfAgent(id)) this.putChannel({ ...channel, agentId: null })
      this.sql('DELETE FROM agents WHERE id = ?').run(id)
    })
  }

  // ---- behavior history ---------------------------------------------------------------------

  addBehaviorRecord(agentId: string, record: BehaviorHistoryRecord): void {
    this.sql('INSERT INTO behavior_history (id, agent_id, created_at, data) VALUES (?, ?, ?, ?)').run(
      record.id,
      agentId,
      record.createdAt,
      JSON.stringify(record),
    )
  }

  /** Newest change first. */
  behaviorHistory(agentId: string, window: PageWindow): PageOf<BehaviorHistoryRecord> {
    return this.page('FROM behavior_history WHERE agent_id = ?', [agentId], 'created_at DESC, rowid DESC', window)
  }

  // ---- trainings ----------------------------------------------------------------------------

  putTraining(agentId: string, training: Training): void {
    this.sql(
      `INSERT INTO trainings (id, agent_id, type, search, data) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET type = excluded.type, search = excluded.search, data = excluded.data`,
    ).run(
      training.id,
      agentId,
      training.type,
      foldForSearch(training.text, training.website, training.documentName, training.video),
      JSON.stringify(training),
    )
  }

  training(id: string): Training | undefined {
    return parse(this.sql('SELECT data FROM trainings WHERE id = ?').get(id) as DataRow | undefined)
  }

  trainingAgentId(id: string): string | undefined {
    const row = this.sql('SELECT agent_id FROM trainings WHERE id = ?').get(id) as { agent_id: string } | undefined
    return row?.agent_id
  }

  trainings(agentId: string, type: string, query: string | undefined, window: PageWindow): PageOf<Training> {
    const f = textFilter(query)
    return this.page(
      'FROM trainings WHERE agent_id = ? AND type = ?' + f.sql,
      [agentId, type, ...f.params],
      'rowid',
      window,
    )
  }

  deleteTraining(id: string): void {
    this.sql('DELETE FROM trainings WHERE id = ?').run(id)
  }

  // ---- intentions ---------------------------------------------------------------------------

  putIntention(agentId: string, intention: Intention): void {
    this.sql(
      `INSERT INTO intentions (id, agent_id, search, data) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET search = excluded.search, data = excluded.data`,
    ).run(intention.id, agentId, foldForSearch(intention.description), JSON.stringify(intention))
  }

  intention(id: string): { agentId: string; intention: Intention } | undefined {
    const row = this.sql('SELECT agent_id, data FROM intentions WHERE id = ?').get(id) as
      { agent_id: string; data: string } | undefined
    return row && { agentId: row.agent_id, intention: JSON.parse(row.data) as Intention }
  }

  intentions(agentId: string, query: string | undefined, window: PageWindow): PageOf<Intention> {
    const f = textFilter(query)
    return this.page('FROM intentions WHERE agent_id = ?' + f.sql, [agentId, ...f.params], 'rowid', window)
  }

  // ---- idle actions -------------------------------------------------------------------------

  putIdleConfig(agentId: string, config: IdleConfig): void {
    this.sql('INSERT OR REPLACE INTO idle_configs (agent_id, data) VALUES (?, ?)').run(agentId, JSON.stringify(config))
  }

  idleConfig(agentId: string): IdleConfig | undefined {
    return parse(this.sql('SELECT data FROM idle_configs WHERE agent_id = ?').get(agentId) as DataRow | undefined)
  }

  deleteIdleConfig(agentId: string): void {
    this.sql('DELETE FROM idle_configs WHERE agent_id = ?').run(agentId)
  }

  // ---- transfer rules -----------------------------------------------------------------------

  addTransferRule(agentId: string, rule: TransferRule): void {
    this.sql('INSERT INTO transfer_rules (id, agent_id, data) VALUES (?, ?, ?)').run(
      rule.id,
      agentId,
      JSON.stringify(rule),
    )
  }

  transferRules(agentId: string): TransferRule[] {
    return parseAll(this.sql('SELECT data FROM transfer_rules WHERE agent_id = ? ORDER BY rowid').all(agentId))
  }

  // ---- channels -----------------------------------------------------------------------------

  putChannel(channel: ChannelRecord): void {
    this.sql(
      `INSERT INTO channels (id, workspace_id, agent_id, search, data) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET agent_id = excluded.agent_id, search = excluded.search, data = excluded.data`,
    ).run(channel.id, channel.workspaceId, channel.agentId, foldForSearch(channel.name), JSON.stringify(channel))
  }

  channel(id: string): ChannelRecord | undefined {
    return parse(this.sql('SELECT data FROM channels WHERE id = ?').get(id) as DataRow | undefined)
  }

  channelsOfAgent(agentId: string): ChannelRecord[] {
    return parseAll(this.sql('SELECT data FROM channels WHERE agent_id = ? ORDER BY rowid').all(agentId))
  }

  agentChannels(agentId: string, query: string | undefined, window: PageWindow): PageOf<ChannelRecord> {
    const f = textFilter(query)
    return this.page('FROM channels WHERE agent_id = ?' + f.sql, [agentId, ...f.params], 'rowid', window)
  }

  // ---- MCP ----------------------------------------------------------------------------------

  putMcpConnection(connection: McpConnection): void {
    this.sql('INSERT OR REPLACE INTO mcp_connections (id, agent_id, data) VALUES (?, ?, ?)').run(
      connection.id,
      connection.agentId,
      JSON.stringify(connection),
    )
  }

  mcpConnection(id: string): McpConnection | undefined {
    return parse(this.sql('SELECT data FROM mcp_connections WHERE id = ?').get(id) as DataRow | undefined)
  }

  mcpConnectionsOfAgent(agentId: string): McpConnection[] {
    return parseAll(this.sql('SELECT data FROM mcp_connections WHERE agent_id = ? ORDER BY rowid').all(agentId))
  }

  replaceMcpTools(mcpId: string, tools: McpTool[]): void {
    this.transaction(() => {
      this.sql('DELETE FROM mcp_tools WHERE mcp_id = ?').run(mcpId)
      const insert = this.sql('INSERT INTO mcp_tools (id, mcp_id, data) VALUES (?, ?, ?)')
      for (const tool of tools) insert.run(tool.id, mcpId, JSON.stringify(tool))
    })
  }

  mcpTools(mcpId: string): McpTool[] {
    return parseAll(this.sql('SELECT data FROM mcp_tools WHERE mcp_id = ? ORDER BY rowid').all(mcpId))
  }

  deleteMcpConnection(id: string): void {
    this.transaction(() => {
      this.sql('DELETE FROM mcp_tools WHERE mcp_id = ?').run(id)
      this.sql('DELETE FROM mcp_connections WHERE id = ?').run(id)
    })
  }

  // ---- webhooks -----------------------------------------------------------------------------

  putWebhooks(agentId: string, webhooks: Webhooks): void {
    this.sql('INSERT OR REPLACE INTO webhooks (agent_id, data) VALUES (?, ?)').run(agentId, JSON.stringify(webhooks))
  }

  webhooks(agentId: string): Webhooks | undefined {
    return parse(this.sql('SELECT data FROM webhooks WHERE agent_id = ?').get(agentId) as DataRow | undefined)
  }

  // ---- contacts -----------------------------------------------------------------------------

  contactInsert(): (workspaceId: string, contact: Contact) => void {
    const insert = this.db.prepare(
      `INSERT INTO contacts (id, workspace_id, search, data) VALUES (?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET search = excluded.search, data = excluded.data`,
    )
    return (workspaceId, contact) =>
      insert.run(
        contact.id,
        workspaceId,
        foldForSearch(contact.name, contact.phone, contact.email),
        JSON.stringify(contact),
      )
  }

  putContact(workspaceId: string, contact: Contact): void {
    this.contactInsert()(workspaceId, contact)
  }

  contact(id: string): { workspaceId: string; contact: Contact } | undefined {
    const row = this.sql('SELECT workspace_id, data FROM contacts WHERE id = ?').get(id) as
      { workspace_id: string; data: string } | undefined
    return row && { workspaceId: row.workspace_id, contact: JSON.parse(row.data) as Contact }
  }

  contacts(workspaceId: string, query: string | undefined, window: PageWindow): PageOf<Contact> {
    const f = textFilter(query)
    return this.page('FROM contacts WHERE workspace_id = ?' + f.sql, [workspaceId, ...f.params], 'rowid', window)
  }

  deleteContact(id: string): void {
    this.sql('DELETE FROM contacts WHERE id = ?').run(id)
  }

  // ---- chats and messages -------------------------------------------------------------------

  chatInsert(): (workspaceId: string, channelId: string, chat: Chat) => void {
    const insert = this.db.prepare(
      `INSERT INTO chats (id, workspace_id, channel_id, agent_id, search, time, data) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT(id) DO UPDATE SET agent_id = excluded.agent_id, search = excluded.search, time = excluded.time, data = excluded.data`,
    )
    return (workspaceId, channelId, chat) =>
      insert.run(
        chat.id,
        workspaceId,
        channelId,
        chat.agentId ?? null,
        foldForSearch(chat.name),
        chat.time ?? 0,
        JSON.stringify(chat),
      )
  }

  chat(id: string): Chat | undefined {
    return parse(this.sql('SELECT data FROM chats WHERE id = ?').get(id) as DataRow | undefined)
  }

  /** Newest activity first. */
  chats(workspaceId: string, filter: { agentId?: string; query?: string }, window: PageWindow): PageOf<Chat> {
    const f = textFilter(filter.query)
    const byAgent = filter.agentId ? ' AND agent_id = ?' : ''
    const params = [workspaceId, ...(filter.agentId ? [filter.agentId] : []), ...f.params]
    return this.page('FROM chats WHERE workspace_id = ?' + byAgent + f.sql, params, 'time DESC, id', window)
  }

  /** Keeps the agent shown on a channel's chats in step with the channel's link. */
  relinkChatsOfChannel(channelId: string, agent: Agent | undefined): void {
    this.sql(
      `UPDATE chats SET agent_id = ?, data = json_set(data, '$.agentId', json(?), '$.agentName', json(?))
         WHERE channel_id = ?`,
    ).run(agent?.id ?? null, JSON.stringify(agent?.id ?? null), JSON.stringify(agent?.name ?? null), channelId)
  }

  /**
   * Messages are the bulk of the data (100,000 in one chat), so a row keeps only the keys that have
   * a value; `messages()` gives every answer the full set of keys back, null where unused.
   */
  messageInsert(): (chatId: string, message: ChatMessage) => void {
    const insert = this.db.prepare('INSERT INTO messages (id, chat_id, time, data) VALUES (?, ?, ?, ?)')
    return (chatId, message) =>
      insert.run(
        message.id,
        chatId,
        message.time,
        JSON.stringify(message, (_, v: unknown) => v ?? undefined),
      )
  }

  /** Newest first, in the order of the (chat_id, time DESC, id) index. */
  messages(chatId: string, window: PageWindow): ChatMessage[] {
    const rows = this.sql('SELECT data FROM messages WHERE chat_id = ? ORDER BY time DESC, id LIMIT ? OFFSET ?').all(
      chatId,
      window.limit,
      window.offset,
    )
    return parseAll<ChatMessage>(rows).map((m) => ({ ...MESSAGE_KEYS_NULL, ...m }))
  }

  messageCount(chatId: string): number {
    return (this.sql('SELECT count(*) AS n FROM messages WHERE chat_id = ?').get(chatId) as { n: number }).n
  }

  /** Row counts per table, for the seed report and tests. */
  counts(): Record<string, number> {
    const tables = this.sql(
      "SELECT name FROM sqlite_master WHERE type = 'table' AND name <> 'meta' ORDER BY name",
    ).all() as { name: string }[]
    return Object.fromEntries(
      tables.map(({ name }) => [name, (this.sql(`SELECT count(*) AS n FROM ${name}`).get() as { n: number }).n]),
    )
  }
}
