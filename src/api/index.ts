import type { DeskApi } from '@contract/ipc'
import { presentError } from '@/domain/errorText'

declare global {
  interface Window {
    /** Built by the preload's `buildDeskApi` (electron/preload/deskApi.ts), in Electron and in the browser preview alike. */
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
  let presenting = presentingApis.get(api)
  if (!presenting) presentingApis.set(api, (presenting = presentingApi(api)))
  return presenting
}

const presentingApis = new WeakMap<DeskApi, DeskApi>()

/** A failed Result's error made fit to show (bounded text, translated redirect; see `presentError`). */
function presented(result: unknown): unknown {
  if (!result || typeof result !== 'object') return result
  const r = result as { ok?: unknown; error?: unknown }
  if (r.ok !== false || !r.error || typeof r.error !== 'object') return result
  return { ...r, error: presentError(r.error as Parameters<typeof presentError>[0]) }
}

/**
 * `window.api` with every answer passed through `presented`, so no screen can show an error text
 * of megabytes. Each method is looked up at call time (tests replace them).
 */
function presentingApi(api: DeskApi): DeskApi {
  const source = api as unknown as Record<string, unknown>
  const out: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(source)) {
    if (typeof value === 'function') {
      out[key] = (...args: unknown[]) => (source[key] as (...a: unknown[]) => unknown)(...args)
    } else if (value && typeof value === 'object') {
      const group: Record<string, unknown> = {}
      for (const op of Object.keys(value)) {
        group[op] = async (...args: unknown[]) => {
          const fn = (source[key] as Record<string, (...a: unknown[]) => unknown>)[op]
          return presented(await fn(...args))
        }
      }
      out[key] = group
    } else out[key] = value
  }
  return out as unknown as DeskApi
}

/** A URL an <img> can load for a media link of the service; main adds the token. */
export function mediaUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined
  return useDeskApi().mediaUrl(url)
}

export type { DeskApi }
