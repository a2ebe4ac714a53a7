import type { CreditsSpentRow } from '../../contract/resources/credits'
import { wellKnownId } from '../ids'
import { DAY, SEED_NOW } from '../seed/facts'
import { agentOrThrow, type RouteTable, workspaceOrThrow } from './kit'

/** Models the demo agents spend credits on: one the document lists, two newer ones (api-notes §3.1). */
const SPENDING_MODELS = ['GPT_4_1', 'GPT_5_4', 'CLAUDE_4_5_SONNET'] as const
/** The demo spend covers this many days before and after the seed's "now". */
const SPEND_DAYS_BEFORE = 180
const SPEND_DAYS_AFTER = 60

/** A deterministic number in [0, 1) from a label. */
function unit(label: string): number {
  return parseInt(wellKnownId(label).slice(0, 8), 16) / 0x1_0000_0000
}

/** One row per model per day with any spend, for the demo period around the seed's "now". */
export function creditsSpent(agentId: string): CreditsSpentRow[] {
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

/** What the `credits.*` operations do in the sandbox (assembled in index.ts). */
export const creditsRoutes: RouteTable<'credits'> = {
  'credits.workspace': ({ path }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    const now = new Date()
    // The balance is a demo figure that goes down as the agents spend in the current month.
    const spentThisMonth = store.agents
      .page(path.workspaceId, undefined, { offset: 0, limit: 1000 })
      .items.flatMap((a) => creditsSpent(a.id))
      .filter((r) => r.year === now.getUTCFullYear() && r.month === now.getUTCMonth() + 1)
      .reduce((sum, r) => sum + (r.credits ?? 0), 0)
    return { credits: Math.max(0, 20_000 - spentThisMonth), status: 'ACTIVE' }
  },
  'credits.spent': ({ path, query }, store) => {
    agentOrThrow(store, path.agentId)
    const data = creditsSpent(path.agentId).filter(
      (r) =>
        (query.year === undefined || r.year === query.year) &&
        (query.month === undefined || r.month === query.month) &&
        (query.day === undefined || r.day === query.day),
    )
    return { total: data.reduce((sum, r) => sum + (r.credits ?? 0), 0), data }
  },
}
