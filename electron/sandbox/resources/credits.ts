import { adminStoreOf } from '../adminStore'
import { agentOrThrow, type RouteTable, workspaceOrThrow } from './kit'

/** What the `credits.*` operations do in the sandbox (assembled in index.ts). */
export const creditsRoutes: RouteTable<'credits'> = {
  'credits.workspace': ({ path }, store) => {
    workspaceOrThrow(store, path.workspaceId)
    const admin = adminStoreOf(store)
    const now = new Date()
    // The balance is a demo figure that goes down as the agents spend in the current month.
    const spentThisMonth = store
      .agents(path.workspaceId, undefined, { offset: 0, limit: 1000 })
      .items.flatMap((a) => admin.creditsSpent(a.id))
      .filter((r) => r.year === now.getUTCFullYear() && r.month === now.getUTCMonth() + 1)
      .reduce((sum, r) => sum + (r.credits ?? 0), 0)
    return { credits: Math.max(0, 20_000 - spentThisMonth), status: 'ACTIVE' }
  },
  'credits.spent': ({ path, query }, store) => {
    agentOrThrow(store, path.agentId)
    const data = adminStoreOf(store)
      .creditsSpent(path.agentId)
      .filter(
        (r) =>
          (query.year === undefined || r.year === query.year) &&
          (query.month === undefined || r.month === query.month) &&
          (query.day === undefined || r.day === query.day),
      )
    return { total: data.reduce((sum, r) => sum + (r.credits ?? 0), 0), data }
  },
}
