import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { Profile, Result } from '@contract'
import { useDeskApi } from '@/api'

/** Who is asked for a new token, while the token dialog is open. */
export interface TokenPrompt {
  profileId: string
  label: string
}

/**
 * The token dialog: asked once however many calls the service refused, and every waiting call
 * resumed when it is answered. `runAuthorized` is how the other stores call the service.
 */
export const useTokenPromptStore = defineStore('tokenPrompt', () => {
  /** Bumped whenever a new token is saved, so views re-run what the refused token broke. */
  const tokenRenewals = ref(0)
  const tokenPrompt = ref<TokenPrompt | null>(null)
  /**
   * The profile whose token the service refused, until a new one is saved: said in a banner even
   * when the offline copy answers every screen (a refused background refresh opens no dialog).
   */
  const tokenRefusedFor = ref<string | null>(null)
  let promptWaiters: ((renewed: boolean) => void)[] = []

  /** Opens the dialog for `profileId` (named `label`) if it is not open, and resolves when it is answered. */
  function requestToken(profileId: string, label: string): Promise<boolean> {
    tokenPrompt.value ??= { profileId, label }
    return new Promise((resolve) => promptWaiters.push(resolve))
  }

  function settlePrompt(renewed: boolean) {
    const waiters = promptWaiters
    promptWaiters = []
    tokenPrompt.value = null
    if (renewed) {
      tokenRenewals.value++
      tokenRefusedFor.value = null
    }
    for (const resolve of waiters) resolve(renewed)
  }

  /** Saves the token typed in the dialog; on failure the dialog stays open with the error. */
  async function submitToken(token: string, rememberToken?: boolean): Promise<Result<Profile>> {
    const prompt = tokenPrompt.value
    if (!prompt) throw new Error('no token was asked for')
    const r = await useDeskApi().profiles.setToken({ profileId: prompt.profileId, token, rememberToken })
    if (r.ok) settlePrompt(true)
    return r
  }

  const cancelTokenPrompt = () => settlePrompt(false)

  return { tokenRenewals, tokenPrompt, tokenRefusedFor, requestToken, submitToken, cancelTokenPrompt }
})
