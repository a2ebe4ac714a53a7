import { useI18n } from 'vue-i18n'
import type { Profile } from '@contract'

/** A profile's name as shown: the demo's comes from main in English, so it is said in the app's language. */
export function useProfileLabel(): (profile: Pick<Profile, 'kind' | 'label'>) => string {
  const { t } = useI18n()
  return (profile) => (profile.kind === 'demo' ? t('shell.demoProfileLabel') : profile.label)
}
