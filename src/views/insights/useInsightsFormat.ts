import { computed, inject, provide, type InjectionKey } from 'vue'
import { useI18n } from 'vue-i18n'
import { storeToRefs } from 'pinia'
import type { InsightFigures, Spread } from '@contract'
import { useDeskApi } from '@/api'
import { useChannelName } from '@/composables/useChannelName'
import type { useWorkspaceAgents } from '@/composables/useWorkspaceAgents'
import { useInsightsStore } from '@/stores/insights'
import { useMessage } from 'naive-ui'

/** How the insights screen writes its numbers, durations, groups and periods, in the user's language. */
function insightsFormat(agents: ReturnType<typeof useWorkspaceAgents>) {
  const { t, locale } = useI18n()
  const { period } = storeToRefs(useInsightsStore())
  const channelName = useChannelName()

  const number = computed(() => new Intl.NumberFormat(locale.value))
  const percent = computed(() => new Intl.NumberFormat(locale.value, { style: 'percent', maximumFractionDigits: 1 }))
  /** A duration the way a person says it: 45 s, 12 min, 3.5 h, 2 d. */
  function duration(ms: number | null): string {
    if (ms === null) return '–'
    const f = (v: number, unit: string) =>
      new Intl.NumberFormat(locale.value, {
        style: 'unit',
        unit,
        unitDisplay: 'short',
        maximumFractionDigits: 1,
      }).format(v)
    if (ms < 60_000) return f(ms / 1000, 'second')
    if (ms < 3_600_000) return f(ms / 60_000, 'minute')
    if (ms < 86_400_000) return f(ms / 3_600_000, 'hour')
    return f(ms / 86_400_000, 'day')
  }
  const spreadText = (s: Spread) => (s.n === 0 ? '–' : `${duration(s.median)} / ${duration(s.p90)}`)
  const rate = (f: InsightFigures) => (f.activeChats === 0 ? 0 : f.handedOver / f.activeChats)
  const agentLabel = (key: string) => (key ? (agents.nameOf(key) ?? key) : t('insights.noAgent'))
  const channelLabel = (key: string) => (key ? channelName(key) : t('insights.noChannel'))
  function periodLabel(key: string) {
    const d = new Date(`${key}T00:00:00Z`)
    const opts: Intl.DateTimeFormatOptions =
      period.value === 'month' ? { month: 'short', year: 'numeric' } : { day: 'numeric', month: 'short' }
    return new Intl.DateTimeFormat(locale.value, { ...opts, timeZone: 'UTC' }).format(d)
  }
  return { number, percent, duration, spreadText, rate, agentLabel, channelLabel, periodLabel }
}

type InsightsFormat = ReturnType<typeof insightsFormat>
const FORMAT: InjectionKey<InsightsFormat> = Symbol('insights-format')

/** The screen's formats for its parts, naming agents from the screen's one list of the workspace's agents. */
export function provideInsightsFormat(agents: ReturnType<typeof useWorkspaceAgents>): InsightsFormat {
  const format = insightsFormat(agents)
  provide(FORMAT, format)
  return format
}

export function useInsightsFormat(): InsightsFormat {
  const format = inject(FORMAT)
  if (!format) throw new Error('useInsightsFormat needs provideInsightsFormat in the insights screen')
  return format
}

/** Saves a table as CSV or a chart as PNG through main, named after the range's first day, and says how it went. */
export function useInsightsSave() {
  const { t } = useI18n()
  const notify = useMessage()
  const { range } = storeToRefs(useInsightsStore())
  const stamp = () => new Date(range.value[0]).toISOString().slice(0, 10)
  async function save(
    name: string,
    extension: 'csv' | 'png',
    payload: { png: string } | { table: { columns: string[]; rows: (string | number)[][] } },
  ) {
    const r = await useDeskApi().insights.save({ fileName: `${name}-${stamp()}.${extension}`, ...payload })
    if (!r.ok) notify.error(t('insights.saveFailed', { reason: r.error.message }))
    else if (r.data.outcome === 'saved') notify.success(t('insights.saved'))
    else if (r.data.outcome === 'content') notify.info(t('insights.prepared'))
  }
  return { save }
}
