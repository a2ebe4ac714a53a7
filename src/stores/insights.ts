import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AppError, Chat, InsightFigure, InsightPeriod, InsightsResult } from '@contract'
import { useDeskApi } from '@/api'
import { onProfileChange } from './onProfileChange'
import { useSessionStore } from './session'

const DAY = 86_400_000

/** Midnight of the day `t` falls in, in the user's time. */
export function startOfDay(t: number): number {
  const d = new Date(t)
  d.setHours(0, 0, 0, 0)
  return d.getTime()
}

/**
 * The insights: the figures of the active profile's offline copy for a range, a period,
 * an agent and a channel, computed in the cache worker (no service call), and the chats behind a
 * figure the user picked.
 */
export const useInsightsStore = defineStore('insights', () => {
  const session = useSessionStore()
  const today = startOfDay(Date.now())
  /** [from, to): the last 30 days by default. */
  const range = ref<[number, number]>([today - 29 * DAY, today + DAY])
  const period = ref<InsightPeriod>('day')
  const agentId = ref<string | null>(null)
  const channel = ref<string | null>(null)
  const result = ref<InsightsResult | null>(null)
  const loading = ref(false)
  const error = ref<AppError | null>(null)
  const drilled = ref<{ figure: InsightFigure; group: string | null; chats: Chat[]; total: number } | null>(null)
  let seq = 0

  const query = () => ({
    from: range.value[0],
    to: range.value[1],
    period: period.value,
    agentId: agentId.value,
    channel: channel.value,
    // The offset of the range's start; a range across a clock change is off by that hour at most.
    utcOffsetMinutes: -new Date(range.value[0]).getTimezoneOffset(),
  })

  async function compute(): Promise<void> {
    if (!session.activeProfileId) return
    const mine = ++seq
    loading.value = true
    const r = await useDeskApi().insights.compute(query())
    if (mine !== seq) return
    loading.value = false
    if (r.ok) {
      result.value = r.data
      error.value = null
    } else error.value = r.error
  }

  async function drill(figure: InsightFigure, group: string | null): Promise<void> {
    const r = await useDeskApi().insights.chats({ query: query(), drill: { figure, group } })
    if (r.ok) drilled.value = { figure, group, ...r.data }
    else error.value = r.error
  }

  onProfileChange(() => {
    seq++
    result.value = null
    drilled.value = null
    agentId.value = null
    channel.value = null
  })

  return { range, period, agentId, channel, result, loading, error, drilled, compute, drill }
})
