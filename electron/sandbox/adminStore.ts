import type { AgentSettings } from '../contract/resources/agentSettings'
import type { CreditsSpentRow } from '../contract/resources/credits'
import type { CustomField } from '../contract/resources/customField'
import type { McpTool } from '../contract/resources/mcp'
import type { TransferRule } from '../contract/resources/transferRules'
import { wellKnownId } from './ids'
import { SEED_FACTS, SEED_NOW } from './seed'
import type { ChannelRecord, PageOf, PageWindow, SandboxStore } from './store'
import { foldForSearch } from './textSearch'

/**
 * Storage of the administration operations (issue 17), on the sandbox's own database: its tables
 * are created (and their demo rows seeded) the first time a store is used here, so a database file
 * made before these operations existed gets them too. Kept out of store.ts so the two feature
 * branches touching the sandbox do not edit the same file.
 */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS custom_fields (id TEXT PRIMARY KEY, workspace_id TEXT NOT NULL, search TEXT NOT NULL, data TEXT NOT NULL);
CREATE INDEX IF NOT EXISTS custom_fields_by_workspace ON custom_fields (workspace_id);
CREATE TABLE IF NOT EXISTS agent_settings (agent_id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS channel_configs (channel_id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS channel_pairing (channel_id TEXT PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS widget_settings (channel_id TEXT PRIMARY KEY, data TEXT NOT NULL);
`

const DAY = 86_400_000

/** The demo fields the seeded contacts already carry values of (seed.ts `CUSTOM_FIELDS`). */
const DEMO_FIELDS: CustomField[] = [
  {
    id: SEED_FACTS.customFieldIds.plan,
    name: 'Plano',
    jsonName: 'plano',
    description: 'Plano de fidelidade do cliente',
    type: 'STRING',
    archived: false,
  },
  {
    id: SEED_FACTS.customFieldIds.city,
    name: 'Cidade',
    jsonName: 'cidade',
    description: 'Cidade de entrega',
    type: 'STRING',
    archived: false,
  },
  {
    id: SEED_FACTS.customFieldIds.customerSince,
    name: 'Cliente desde',
    jsonName: 'cliente_desde',
    description: 'Data da primeira compra',
    type: 'DATE',
    archived: false,
  },
]

/** The settings an agent has before anyone changed them (what the live GET shows for a new agent). */
export const DEFAULT_SETTINGS: AgentSettings = {
  prefferModel: 'GPT_4_1',
  timezone: 'America/Sao_Paulo',
  enabledHumanTransfer: true,
  enabledReminder: true,
  splitMessages: true,
  enabledEmoji: true,
  limitSubjects: false,
  signMessages: false,
  messageGroupingTime: 'NO_GROUP',
  maxDailyMessages: null,
  maxDailyMessagesLimitAction: 'TRANSFER',
  knowledgeByFunction: false,
}

/** Models the demo agents spend credits on: one the document lists, two newer ones (api-notes §3.1). */
const SPENDING_MODELS = ['GPT_4_1', 'GPT_5_4', 'CLAUDE_4_5_SONNET'] as const
/** The demo spend covers this many days before and after the seed's "now". */
const SPEND_DAYS_BEFORE = 180
const SPEND_DAYS_AFTER = 60

function isoDay(ms: number): string {
  return new Date(ms).toISOString()
}

/** A deterministic number in [0, 1) from a label. */
function unit(label: string): number {
  return parseInt(wellKnownId(label).slice(0, 8), 16) / 0x1_0000_0000
}

export class AdminStore {
  constructor(private readonly store: SandboxStore) {
    store.db.exec(SCHEMA)
    if (store.getMeta('admin-seed') === undefined) {
      store.transaction(() => {
        const workspaceId = store.workspaces()[0]?.id
        if (workspaceId)
          DEMO_FIELDS.forEach((f, i) => {
            const at = isoDay(SEED_NOW - (300 - i) * DAY)
            this.putCustomField(workspaceId, { ...f, createdAt: at, updatedAt: at })
          })
        store.setMeta('admin-seed', '1')
      })
    }
  }

  private get db() {
    return this.store.db
  }

  private page<T>(from: string, params: unknown[], window: PageWindow): PageOf<T> {
    const { n } = this.db.prepare(`SELECT count(*) AS n ${from}`).get(...params) as { n: number }
    const rows = this.db
      .prepare(`SELECT data ${from} ORDER BY rowid LIMIT ? OFFSET ?`)
      .all(...params, window.limit, window.offset) as { data: string }[]
    return { items: rows.map((r) => JSON.parse(r.data) as T), count: n }
  }

  private one<T>(sql: string, id: string): T | undefined {
    const row = this.db.prepare(sql).get(id) as { data: string } | undefined
    return row ? (JSON.parse(row.data) as T) : undefined
  }

  // ---- custom fields ------------------------------------------------------------------------

  putCustomField(workspaceId: string, field: CustomField): void {
    this.db
      .prepare(
        `INSERT INTO custom_fields (id, workspace_id, search, data) VALUES (?, ?, ?, ?)
           ON CONFLICT(id) DO UPDATE SET search = excluded.search, data = excluded.data`,
      )
      .run(field.id, workspaceId, foldForSearch(field.name ?? ''), JSON.stringify(field))
  }

  customField(id: string): CustomField | undefined {
    return this.one('SELECT data FROM custom_fields WHERE id = ?', id)
  }

  customFieldWorkspace(id: string): string | undefined {
    const row = this.db.prepare('SELECT workspace_id FROM custom_fields WHERE id = ?').get(id) as
      { workspace_id: string } | undefined
    return row?.workspace_id
  }

  customFields(workspaceId: string, query: string | undefined, window: PageWindow): PageOf<CustomField> {
    const folded = foldForSearch(query?.trim())
    return folded
      ? this.page('FROM custom_fields WHERE workspace_id = ? AND instr(search, ?) > 0', [workspaceId, folded], window)
      : this.page('FROM custom_fields WHERE workspace_id = ?', [workspaceId], window)
  }

  // ---- agent settings -----------------------------------------------------------------------

  settings(agentId: string): AgentSettings {
    return this.one<AgentSettings>('SELECT data FROM agent_settings WHERE agent_id = ?', agentId) ?? DEFAULT_SETTINGS
  }

  putSettings(agentId: string, settings: AgentSettings): void {
    this.db
      .prepare('INSERT OR REPLACE INTO agent_settings (agent_id, data) VALUES (?, ?)')
      .run(agentId, JSON.stringify(settings))
  }

  // ---- credits ------------------------------------------------------------------------------

  /** One row per model per day with any spend, for the demo period around the seed's "now". */
  creditsSpent(agentId: string): CreditsSpentRow[] {
    const rows: CreditsSpentRow[] = []
    const agentWeight = 0.4 + unit(`weight:${agentId}`)
    for (let d = -SPEND_DAYS_BEFORE; d <= SPEND_DAYS_AFTER; d++) {
      const date = new Date(SEED_NOW + d * DAY)
      // Nothing is spent in the future: the demo's months after the seed fill up as days pass.
      if (date.getTime() > Date.now()) break
      const weekday = date.getUTCDay()
      for (const model of SPENDING_MODELS) {
        const r = unit(`spend:${agentId}:${d}:${model}`)
        if (r < 0.25) continue
        const weekend = weekday === 0 || weekday === 6 ? 0.4 : 1
        const scale = model === 'GPT_4_1' ? 40 : model === 'GPT_5_4' ? 25 : 12
        rows.push({
          credits: Math.max(1, Math.round(r * scale * weekend * agentWeight)),
          year: date.getUTCFullYear(),
          month: date.getUTCMonth() + 1,
          day: date.getUTCDate(),
          model,
        })
      }
    }
    return rows
  }

  // ---- transfer rules -----------------------------------------------------------------------

  transferRule(id: string): { agentId: string; rule: TransferRule } | undefined {
    const row = this.db.prepare('SELECT agent_id, data FROM transfer_rules WHERE id = ?').get(id) as
      { agent_id: string; data: string } | undefined
    return row ? { agentId: row.agent_id, rule: JSON.parse(row.data) as TransferRule } : undefined
  }

  replaceTransferRule(rule: TransferRule): void {
    this.db.prepare('UPDATE transfer_rules SET data = ? WHERE id = ?').run(JSON.stringify(rule), rule.id)
  }

  deleteTransferRule(id: string): void {
    this.db.prepare('DELETE FROM transfer_rules WHERE id = ?').run(id)
  }

  // ---- channels -----------------------------------------------------------------------------

  workspaceChannels(
    workspaceId: string,
    filter: { query?: string; agentId?: string },
    window: PageWindow,
  ): PageOf<ChannelRecord> {
    let from = 'FROM channels WHERE workspace_id = ?'
    const params: unknown[] = [workspaceId]
    const folded = foldForSearch(filter.query?.trim())
    if (folded) {
      from += ' AND instr(search, ?) > 0'
      params.push(folded)
    }
    if (filter.agentId) {
      from += ' AND agent_id = ?'
      params.push(filter.agentId)
    }
    return this.page(from, params, window)
  }

  /** Removes a channel with its chats and messages, settings and pairing state. */
  deleteChannel(id: string): void {
    this.store.transaction(() => {
      this.db.prepare('DELETE FROM messages WHERE chat_id IN (SELECT id FROM chats WHERE channel_id = ?)').run(id)
      this.db.prepare('DELETE FROM chats WHERE channel_id = ?').run(id)
      for (const table of ['channel_configs', 'channel_pairing', 'widget_settings'])
        this.db.prepare(`DELETE FROM ${table} WHERE channel_id = ?`).run(id)
      this.db.prepare('DELETE FROM channels WHERE id = ?').run(id)
    })
  }

  channelConfig(channelId: string): Record<string, unknown> | undefined {
    return this.one('SELECT data FROM channel_configs WHERE channel_id = ?', channelId)
  }

  putChannelConfig(channelId: string, config: Record<string, unknown>): void {
    this.db
      .prepare('INSERT OR REPLACE INTO channel_configs (channel_id, data) VALUES (?, ?)')
      .run(channelId, JSON.stringify(config))
  }

  pairing(channelId: string): { startedAt: number; polls: number } | undefined {
    return this.one('SELECT data FROM channel_pairing WHERE channel_id = ?', channelId)
  }

  putPairing(channelId: string, pairing: { startedAt: number; polls: number } | undefined): void {
    if (!pairing) this.db.prepare('DELETE FROM channel_pairing WHERE channel_id = ?').run(channelId)
    else
      this.db
        .prepare('INSERT OR REPLACE INTO channel_pairing (channel_id, data) VALUES (?, ?)')
        .run(channelId, JSON.stringify(pairing))
  }

  widgetSettings(channelId: string): Record<string, unknown> | undefined {
    return this.one('SELECT data FROM widget_settings WHERE channel_id = ?', channelId)
  }

  putWidgetSettings(channelId: string, settings: Record<string, unknown>): void {
    this.db
      .prepare('INSERT OR REPLACE INTO widget_settings (channel_id, data) VALUES (?, ?)')
      .run(channelId, JSON.stringify(settings))
  }

  // ---- MCP tools ----------------------------------------------------------------------------

  setToolActive(mcpId: string, toolId: string, active: boolean): McpTool | undefined {
    const row = this.db.prepare('SELECT data FROM mcp_tools WHERE id = ? AND mcp_id = ?').get(toolId, mcpId) as
      { data: string } | undefined
    if (!row) return undefined
    const tool = { ...(JSON.parse(row.data) as McpTool), active, updatedAt: Date.now() }
    this.db.prepare('UPDATE mcp_tools SET data = ? WHERE id = ?').run(JSON.stringify(tool), toolId)
    return tool
  }
}

const byStore = new WeakMap<SandboxStore, AdminStore>()

/** The administration storage of a sandbox store (created, and seeded, on first use). */
export function adminStoreOf(store: SandboxStore): AdminStore {
  let admin = byStore.get(store)
  if (!admin) {
    admin = new AdminStore(store)
    byStore.set(store, admin)
  }
  return admin
}
