import type { insightsChannels } from '../../contract/app/insights'
import { AppFailure, appError } from '../../contract/app/result'
import { againIfClosed } from '../cache/cacheClient'
import type { ProfileCache } from '../cache/profileCache'
import type { SaveFile } from '../export/chatExport'
import { csvCell } from '../export/sessionExport'
import type { AppHandlers, ChannelContext } from '../router'
import type { ApiGateway } from '../gateway'
import type { Interaction } from '../../contract/resources/liveChat'
import type { Profile } from '../../contract/app/profiles'

/**
 * The inbox's views and the insights: each a question to the active profile's offline
 * copy, answered in its cache worker. The service is never asked; a chat list that is not in the
 * copy is said to be so (`covered: false`), and the renderer filters the service's pages instead.
 */
export interface InsightsLayerDeps {
  cacheFor(profileId: string): Promise<ProfileCache>
  /** The service behind the cache, for keeping the sessions offline. */
  network?: () => ApiGateway | undefined
  saveFile?: SaveFile
  now?: () => number
}

const SESSION_PAGE = 500
/** A workspace of more than 500,000 sessions stops there. */
const SESSION_PAGES = 1000

const EMPTY_COUNTS = { needsPerson: 0, unread: 0, ai: 0, finished: 0, all: 0 }

export function createInsightsLayer(deps: InsightsLayerDeps): AppHandlers<keyof typeof insightsChannels> {
  const now = deps.now ?? Date.now

  async function cacheOf(ctx: ChannelContext): Promise<ProfileCache | null> {
    const profile = await ctx.activeProfile()
    if (!profile) throw new AppFailure(appError('validation', 'Connect a profile first'))
    try {
      return await deps.cacheFor(profile.id)
    } catch {
      return null
    }
  }

  async function requireCache(ctx: ChannelContext): Promise<ProfileCache> {
    const cache = await cacheOf(ctx)
    if (!cache) throw new AppFailure(appError('offline', 'The offline copy of this profile cannot be read'))
    return cache
  }

  return {
    'inbox.list': (parsed, ctx) =>
      againIfClosed(async () => {
        const cache = await cacheOf(ctx)
        const scopes = cache ? await cache.scopes.list() : []
        // The list is in the copy once the workspace, or the filtered agent, finished a sync once.
        const synced = scopes.filter((s) => s.lastSyncedAt !== null)
        const covered =
          cache !== null &&
          (synced.some((s) => s.agentId === null) ||
            (parsed.agentId !== null && synced.some((s) => s.agentId === parsed.agentId)))
        if (!covered) return { covered: false, chats: [], counts: EMPTY_COUNTS, channels: [], next: null }
        const { view, agentId, channel } = parsed
        const page = await cache.inbox.list({
          view,
          agentId,
          channel,
          query: parsed.query,
          before: parsed.before,
          limit: parsed.limit,
        })
        return { covered: true, ...page }
      }),
    'insights.compute': (query, ctx) =>
      againIfClosed(async () => (await requireCache(ctx)).insights.compute(query, now())),
    'insights.chats': ({ query, drill }, ctx) =>
      againIfClosed(async () => (await requireCache(ctx)).insights.chats(query, drill, now())),
    'insights.syncSessions': async (_input, ctx) => {
      const profile = (await ctx.activeProfile()) as Profile | null
      const network = deps.network?.()
      if (!profile || !network) throw new AppFailure(appError('offline', 'The service cannot be reached'))
      const cache = await requireCache(ctx)
      let count = 0
      // Page by page until a short page, or a page that repeats the first (the service may wrap).
      let firstId: string | undefined
      for (let page = 1; page <= SESSION_PAGES; page++) {
        const answer = await network.run(
          profile,
          'interactions.list',
          { path: { workspaceId: profile.workspaceId }, query: { page, pageSize: SESSION_PAGE } },
          { signal: ctx.signal },
        )
        const sessions = (answer.data as Interaction[]) ?? []
        if (page > 1 && sessions[0]?.id === firstId) break
        firstId ??= sessions[0]?.id
        await cache.insights.saveSessions(sessions)
        count += sessions.length
        if (sessions.length < SESSION_PAGE) break
      }
      return { sessions: count }
    },
    'insights.save': async (parsed) => {
      const file =
        'table' in parsed
          ? { content: tableCsv(parsed.table), format: 'csv' as const }
          : { content: parsed.png.slice(parsed.png.indexOf(',') + 1), format: 'png' as const }
      // The browser preview has no save dialog: the content comes back instead.
      if (!deps.saveFile) return { outcome: 'content' as const, content: file.content }
      return { outcome: await deps.saveFile({ defaultName: parsed.fileName, ...file }) }
    },
  }
}

/** A table as CSV the way the sessions export writes it: a BOM, CRLF, formula-looking cells quoted. */
export function tableCsv(table: { columns: string[]; rows: (string | number)[][] }): string {
  const lines = [table.columns, ...table.rows].map((row) => row.map((cell) => csvCell(cell)).join(','))
  return `\uFEFF${lines.join('\r\n')}\r\n`
}
