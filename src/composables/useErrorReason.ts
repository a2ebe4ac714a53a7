import { useI18n } from 'vue-i18n'
import type { AppError } from '@contract'

/** A failure in a sentence: its kind in the app's language, then the service's own words. */
export function useErrorReason(): (error: Pick<AppError, 'kind' | 'message'>) => string {
  const { t } = useI18n()
  return (error) => `${t(`common.errorKind.${error.kind}`)} ${error.message}`
}
