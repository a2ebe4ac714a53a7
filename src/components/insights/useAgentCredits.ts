import { ref } from 'vue'
import { useDeskApi } from '@/api'

/**
 * The credits each agent spent in a range, beside the insights (the vendor's credits-spent, one
 * row per model per day): asked per agent per year the range touches, the days in the range summed.
 * Only where the service answers; offline an agent's figure stays unknown.
 */
export function useAgentCredits() {
  const spent = ref<Record<string, number>>({})
  const offline = ref(false)
  let seq = 0

  async function load(agentIds: string[], [from, to]: [number, number]): Promise<void> {
    const mine = ++seq
    const api = useDeskApi()
    const years: number[] = []
    for (let y = new Date(from).getFullYear(); y <= new Date(to - 1).getFullYear(); y++) years.push(y)
    const out: Record<string, number> = {}
    let failed = false
    await Promise.all(
      agentIds.map(async (agentId) => {
        let sum = 0
        for (const year of years) {
          const r = await api.credits.spent({ path: { agentId }, query: { year } })
          if (!r.ok) {
            failed = true
            return
          }
          for (const row of r.data.data ?? []) {
            if (row.year === undefined || row.year === null || !row.month) continue
            const day = new Date(row.year, row.month - 1, row.day ?? 1).getTime()
            if (day >= from && day < to) sum += row.credits ?? 0
          }
        }
        out[agentId] = sum
      }),
    )
    if (mine !== seq) return
    spent.value = out
    offline.value = failed
  }

  return { spent, offline, load }
}
