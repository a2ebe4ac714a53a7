import { z } from 'zod'
import { Chat } from '../resources/chat'
import { appChannel, SaveOutcome } from './channels'

/**
 * The inbox: the chat list's views (who waits for a person, unread, the AI answering,
 * finished, all) over every chat in the active profile's offline copy at once, and the insights:
 * figures on how the agents do, computed in the cache worker from the same copy. Nothing here asks
 * the service.
 */

const Id = z.string().min(1).max(256)

export const INBOX_VIEWS = ['needsPerson', 'unread', 'ai', 'finished', 'all'] as const
export const InboxView = z.enum(INBOX_VIEWS)
export type InboxView = z.infer<typeof InboxView>

export const InboxFilter = z.strictObject({
  view: InboxView.default('all'),
  agentId: Id.nullable().default(null),
  /** A chat's `type` (the channel: WHATSAPP, INSTAGRAM, …). */
  channel: z.string().min(1).max(100).nullable().default(null),
})
export type InboxFilter = z.infer<typeof InboxFilter>

export const InboxCounts = z.object(
  Object.fromEntries(INBOX_VIEWS.map((v) => [v, z.number().int()])) as Record<InboxView, z.ZodNumber>,
)
export type InboxCounts = z.infer<typeof InboxCounts>

/** A position in a view, newest first: chats strictly older than (time, id). */
export const InboxCursor = z.strictObject({ time: z.number().int(), id: Id })
export type InboxCursor = z.infer<typeof InboxCursor>

export const InboxPage = z.object({
  /**
   * Whether the chat list of this filter is in the offline copy (the workspace, or the agent, was
   * made available offline). When false the other fields are empty: the caller filters the
   * service's pages instead.
   */
  covered: z.boolean(),
  chats: z.array(Chat),
  counts: InboxCounts,
  /** The channel types the cached chats have, for the filter. */
  channels: z.array(z.string()),
  next: InboxCursor.nullable(),
})
export type InboxPage = z.infer<typeof InboxPage>

export const INSIGHT_PERIODS = ['day', 'week', 'month'] as const
export const InsightPeriod = z.enum(INSIGHT_PERIODS)
export type InsightPeriod = z.infer<typeof InsightPeriod>

export const InsightsQuery = z.strictObject({
  /** Inclusive start and exclusive end, ms since the epoch. */
  from: z.number().int(),
  to: z.number().int(),
  period: InsightPeriod.default('day'),
  agentId: Id.nullable().default(null),
  channel: z.string().min(1).max(100).nullable().default(null),
  /** The user's offset from UTC in minutes (east positive) for days, weeks, hours and weekdays. */
  utcOffsetMinutes: z
    .number()
    .int()
    .min(-14 * 60)
    .max(14 * 60)
    .default(0),
  /** A chat whose customer spoke last and got no answer within this long counts as unanswered. */
  unansweredAfterMs: z
    .number()
    .int()
    .min(0)
    .max(30 * 86_400_000)
    .default(3_600_000),
})
export type InsightsQuery = z.input<typeof InsightsQuery>

/** Median and 90th percentile of some durations (ms); null when there are none. */
export const Spread = z.object({ n: z.number().int(), median: z.number().nullable(), p90: z.number().nullable() })
export type Spread = z.infer<typeof Spread>

/** The figures of one group of chats (a period, an agent, a channel, or everything). */
export const InsightFigures = z.object({
  chatsStarted: z.number().int(),
  customerMessages: z.number().int(),
  aiMessages: z.number().int(),
  personMessages: z.number().int(),
  /** Chats with activity in the range, and how many of them a person took over. */
  activeChats: z.number().int(),
  handedOver: z.number().int(),
  /** From the first customer message to the hand-over. */
  handOverDelay: Spread,
  firstResponseAi: Spread,
  firstResponsePerson: Spread,
  responseAi: Spread,
  responsePerson: Spread,
  unanswered: z.number().int(),
})
export type InsightFigures = z.infer<typeof InsightFigures>

export const InsightGroup = z.object({ key: z.string(), figures: InsightFigures })
export type InsightGroup = z.infer<typeof InsightGroup>

/** The service sessions kept offline: time to hand-over and to resolution. */
export const SessionFigures = z.object({
  sessions: z.number().int(),
  transferred: z.number().int(),
  resolved: z.number().int(),
  toHandOver: Spread,
  toResolution: Spread,
})
export type SessionFigures = z.infer<typeof SessionFigures>

export const InsightsResult = z.object({
  total: InsightFigures,
  /** One per period that has activity, oldest first; key = the period's first day (YYYY-MM-DD). */
  periods: z.array(InsightGroup),
  agents: z.array(InsightGroup),
  channels: z.array(InsightGroup),
  /** Customer messages by weekday (0 Sunday) × hour, in the user's time. */
  heat: z.array(z.array(z.number().int()).length(24)).length(7),
  /** What the offline copy covers. */
  coverage: z.object({
    chats: z.number().int(),
    messages: z.number().int(),
    /** The oldest "synced" time of the scopes kept offline; null when nothing was synced. */
    syncedAt: z.number().nullable(),
    wholeWorkspace: z.boolean(),
    /** Agents whose chats were made available offline (when not the whole workspace). */
    agentIds: z.array(z.string()),
    /** Service sessions kept offline. */
    sessions: z.number().int(),
  }),
  sessions: SessionFigures.nullable(),
  computeMs: z.number(),
})
export type InsightsResult = z.infer<typeof InsightsResult>

/** Which chats a figure counts: click a bar, see the list. */
export const INSIGHT_FIGURES = [
  'chatsStarted',
  'customerMessages',
  'aiMessages',
  'personMessages',
  'handedOver',
  'unanswered',
  'heat',
] as const
export const InsightFigure = z.enum(INSIGHT_FIGURES)
export type InsightFigure = z.infer<typeof InsightFigure>

export const InsightDrill = z.strictObject({
  figure: InsightFigure,
  /** The group the figure was read in: a period key, `agent:<id>`, `channel:<type>`, `heat:<day>:<hour>`. */
  group: z.string().max(300).nullable().default(null),
})

export const insightsChannels = {
  'inbox.list': appChannel(
    InboxFilter.extend({
      /** Part of the chat's name, phone or id. */
      query: z.string().trim().max(200).optional(),
      before: InboxCursor.optional(),
      limit: z.number().int().min(1).max(500).default(50),
    }),
    InboxPage,
    "A view of the active profile's cached chats, newest first, with the count of every view",
  ),
  'insights.compute': appChannel(
    InsightsQuery,
    InsightsResult,
    "Figures on the agents' chats from the active profile's offline copy (no service call)",
  ),
  'insights.chats': appChannel(
    z.strictObject({ query: InsightsQuery, drill: InsightDrill }),
    z.object({ chats: z.array(Chat), total: z.number().int() }),
    'The cached chats behind one figure of the insights (at most 200)',
  ),
  'insights.syncSessions': appChannel(
    z.strictObject({}).optional(),
    z.object({ sessions: z.number().int() }),
    "Keeps every service session of the active profile's workspace in its offline copy",
  ),
  'insights.save': appChannel(
    z.union([
      z.strictObject({
        fileName: z
          .string()
          .min(1)
          .max(200)
          .regex(/^[^/\\]+\.csv$/),
        /** A table of the screen: main writes it as CSV (headings first). */
        table: z.strictObject({
          columns: z.array(z.string().max(200)).min(1).max(100),
          rows: z.array(z.array(z.union([z.string().max(1000), z.number()])).max(100)).max(100_000),
        }),
      }),
      z.strictObject({
        fileName: z
          .string()
          .min(1)
          .max(200)
          .regex(/^[^/\\]+\.png$/),
        /** A chart as a data: URL of a PNG. */
        png: z
          .string()
          .max(20_000_000)
          .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/),
      }),
    ]),
    z.object({ outcome: SaveOutcome, content: z.string().optional() }),
    'Saves a table of the insights as CSV or a chart as PNG where the user chooses',
  ),
} as const
