import { computed } from 'vue'
import { useSessionStore } from '@/stores/session'

const twoDigits = (n: number) => String(n).padStart(2, '0')

/** Whether the app is offline, since when (HH:MM, local time) and whether main is retrying. */
export function useOfflineState() {
  const session = useSessionStore()
  const offline = computed(() => !session.connectivity.online)
  const since = computed(() => new Date(session.connectivity.since))
  const sinceLabel = computed(() => `${twoDigits(since.value.getHours())}:${twoDigits(since.value.getMinutes())}`)
  const retrying = computed(() => session.connectivity.retrying ?? false)
  return { offline, since, sinceLabel, retrying }
}
