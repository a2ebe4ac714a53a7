import Database from 'better-sqlite3-multiple-ciphers'
import type { Channel } from '../contract/resources/channels'
import { AgentTable } from './resources/agents'
import { AgentSettingsTable } from './resources/agentSettings'
import { BehaviorHistoryTable } from './resources/behaviorHistory'
import { ChannelTable } from './resources/channels'
import { ChatTable } from './resources/chats'
import { ContactTable } from './resources/contacts'
import { CustomFieldTable } from './resources/customFields'
import { IdleConfigTable } from './resources/idleActions'
import { IntentionTable } from './resources/intentions'
import { McpTable } from './resources/mcp'
import { MessageTable } from './resources/messages'
import { TrainingTable } from './resources/trainings'
import { TransferRuleTable } from './resources/transferRules'
import { WebhookTable } from './resources/webhooks'
import { WorkspaceTable } from './resources/workspaces'
import { foldForSearch } from './textSearch'

/**
 * The sandbox's storage: one table per resource, each row holding the resource as JSON plus the
 * columns the routes filter and sort on. Insertion order (rowid) is the listing order unless a
 * resource has a time of its own. Each resource's reads and writes live with its routes in
 * resources/<resource>.ts and are reached as `store.<resource>`; this file holds the schema and
 * what they share (prepared statements, pages, transactions).
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
CREATE TABLE IF NOT EXISTS custom_fields (id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, search TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS custom_fields_by_workspace ON custom_fields (workspace_id);
CREATE TABLE IF NOT EXISTS agent_settings (agent_id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS channel_configs (channel_id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS channel_pairing (channel_id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS widget_settings (channel_id TEXT PRIMARY KEY, data TEXT NOT NULL);
`

/** Built after a bulk load: one sort of 100,000 rows is cheaper than 100,000 index inserts. */
const MESSAGE_INDEX = 'CREATE INDEX IF NOT EXISTS messages_by_chat ON messages (chat_id, time DESC, id)'

export interface DataRow {
  data: string
}

export function parse<T>(row: DataRow | undefined): T | undefined {
  return row ? (JSON.parse(row.data) as T) : undefined
}

export function parseAll<T>(rows: unknown[]): T[] {
  return (rows as DataRow[]).map((r) => JSON.parse(r.data) as T)
}

/** A text filter as a SQL condition on a folded `search` column; an empty filter matches all. */
export function textFilter(query: string | undefined): { sql: string; params: string[] } {
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

  readonly workspaces = new WorkspaceTable(this)
  readonly agents = new AgentTable(this)
  readonly agentSettings = new AgentSettingsTable(this)
  readonly behaviorHistory = new BehaviorHistoryTable(this)
  readonly trainings = new TrainingTable(this)
  readonly intentions = new IntentionTable(this)
  readonly idleActions = new IdleConfigTable(this)
  readonly transferRules = new TransferRuleTable(this)
  readonly channels = new ChannelTable(this)
  readonly mcp = new McpTable(this)
  readonly webhooks = new WebhookTable(this)
  readonly customFields = new CustomFieldTable(this)
  readonly contacts = new ContactTable(this)
  readonly chats = new ChatTable(this)
  readonly messages = new MessageTable(this)

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
  sql(text: string): Database.Statement {
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

  page<T>(from: string, params: unknown[], order: string, window: PageWindow): PageOf<T> {
    const { n } = this.sql(`SELECT count(*) AS n ${from}`).get(...params) as { n: number }
    const rows = this.sql(`SELECT data ${from} ORDER BY ${order} LIMIT ? OFFSET ?`).all(
      ...params,
      window.limit,
      window.offset,
    )
    return { items: parseAll<T>(rows), count: n }
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

  /** Inserts or replaces a row of a searchable table: the resource's id, its parent's id, folded text, JSON. */
  putSearchable(
    table: string,
    parent: string,
    ids: { id: string; parentId: string },
    search: string,
    value: unknown,
  ): void {
    this.sql(
      `INSERT INTO ${table} (id, ${parent}, search, data) VALUES (?, ?, ?, ?)
         ON CONFLICT(id) DO UPDATE SET search = excluded.search, data = excluded.data`,
    ).run(ids.id, ids.parentId, search, JSON.stringify(value))
  }

  /** A parent's resources in insertion order, filtered by text on the folded `search` column. */
  searchPage<T>(
    table: string,
    parent: string,
    parentId: string,
    query: string | undefined,
    window: PageWindow,
  ): PageOf<T> {
    const f = textFilter(query)
    return this.page(`FROM ${table} WHERE ${parent} = ?` + f.sql, [parentId, ...f.params], 'rowid', window)
  }

  /** One resource with the id of its parent (the `parent` column), or undefined. */
  withParent<T>(table: string, parent: string, id: string): { parentId: string; value: T } | undefined {
    const row = this.sql(`SELECT ${parent} AS parent, data FROM ${table} WHERE id = ?`).get(id) as
      { parent: string; data: string } | undefined
    return row && { parentId: row.parent, value: JSON.parse(row.data) as T }
  }

  /** The one row's resource that `sql` (with a `data` column) finds, parsed. */
  one<T>(sql: string, ...params: unknown[]): T | undefined {
    return parse(this.sql(sql).get(...params) as DataRow | undefined)
  }
}
