import type { DeskApi } from '@contract/ipc'

declare global {
  interface Window {
    /** Exposed by the preload (Electron) or the bridge script (browser preview). */
    api: DeskApi
  }
}

/**
 * The one door to the main process. Everything else in the renderer goes through here, so the
 * preview, the shell and the tests can each provide `window.api` their own way.
 */
export function useDeskApi(): DeskApi {
  const api = window.api
  if (!api) throw new Error('window.api is missing: the page was opened outside Agent Desk or its preview')
  return api
}

/** A URL an <img> can load for a media link of the service; main adds the token. */
export function mediaUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined
  return useDeskApi().mediaUrl(url)
}

export type { DeskApi }
