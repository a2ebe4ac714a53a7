import { watch } from 'vue'
import { useSessionStore } from './session'

/**
 * Runs `reset` when the active profile changes (not when it is set to the same one again): what a
 * store holds belongs to one profile, and another starts from nothing. Call it in a store's setup.
 */
export function onProfileChange(reset: (now: string | null) => void): void {
  const session = useSessionStore()
  watch(() => session.activeProfileId, reset)
}
