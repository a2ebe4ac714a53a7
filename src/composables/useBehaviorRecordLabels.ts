import { computed } from 'vue'
import { useI18n } from 'vue-i18n'
import type { BehaviorHistoryRecord } from '@contract'
import { formatTime } from '@/domain/timestamps'

/** Who changed a behavior and when, in the app's language and date format. */
export function useBehaviorRecordLabels() {
  const { t, locale } = useI18n()
  const format = computed(() => new Intl.DateTimeFormat(locale.value, { dateStyle: 'medium', timeStyle: 'short' }))
  return {
    whenOf: (record: BehaviorHistoryRecord) => formatTime(record.createdAt, format.value, t('values.unknownDate')),
    whoOf: (record: BehaviorHistoryRecord) =>
      record.userName || record.userLogin || t('agentBehavior.history.unknownUser'),
  }
}
