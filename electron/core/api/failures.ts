import { describeAnswerLimit } from '../../contract/answerSize'
import { appError, type AppError, type ErrorKind } from '../../contract/app/result'

/** The kind of a failed HTTP answer. The real service says 403 for a bad token and 400 for a bad body. */
export function kindOfStatus(status: number): ErrorKind {
  if (status === 401 || status === 403) return 'auth'
  if (status === 404) return 'not_found'
  if (status === 408) return 'timeout'
  if (status === 429 || status >= 500) return 'server'
  // Other 4xx (405, 409, 413, ...) are refusals of what was sent: shown like a validation error.
  return 'validation'
}

const fallbackText: Record<ErrorKind, string> = {
  auth: 'The service refused the access token',
  validation: 'The service refused the request',
  not_found: 'The service did not find this item',
  server: 'The service failed to answer',
  network: 'Could not reach the service',
  timeout: 'The service took too long to answer',
  offline: 'Offline',
  bad_response: 'The service sent an unexpected answer',
  cancelled: 'Cancelled',
  internal: 'Unexpected failure in the client',
}

/** The service's own words (`{error}`, or a short plain-text body), else a sentence of ours. */
export function messageOfFailedAnswer(status: number, kind: ErrorKind, text: string, contentType: string): string {
  const trimmed = text.trim()
  if (trimmed !== '') {
    try {
      const parsed: unknown = JSON.parse(trimmed)
      if (parsed && typeof parsed === 'object') {
        for (const key of ['error', 'message'] as const) {
          const value = (parsed as Record<string, unknown>)[key]
          if (typeof value === 'string' && value.trim() !== '') return value
        }
      }
    } catch {
      // Not JSON: a plain-text body below may still say what went wrong.
    }
    if (contentType.startsWith('text/plain') && trimmed.length <= 300) return trimmed
  }
  return `${fallbackText[kind]} (HTTP ${status})`
}

/** A short, token-free reason for a failed connection: the system error code, never the raw message. */
export function reasonOfConnectionFailure(err: unknown): string | undefined {
  let current: unknown = err
  for (let depth = 0; depth < 6 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string' && /^[A-Z][A-Z0-9_]+$/.test(code)) return code
    const message = (current as { message?: unknown }).message
    // Electron's net module reports Chromium's error names (net::ERR_CONNECTION_REFUSED).
    const chromium = typeof message === 'string' ? /net::ERR_[A-Z_]+/.exec(message) : null
    if (chromium) return chromium[0]
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

export function networkError(endpoint: string, err: unknown): AppError {
  const reason = reasonOfConnectionFailure(err)
  return appError('network', reason ? `${fallbackText.network} (${reason})` : fallbackText.network, { endpoint })
}

export function timeoutError(endpoint: string, timeoutMs: number): AppError {
  return appError('timeout', `${fallbackText.timeout} (over ${Math.round(timeoutMs / 100) / 10} s)`, { endpoint })
}

export function cancelledError(endpoint: string): AppError {
  return appError('cancelled', fallbackText.cancelled, { endpoint })
}

/**
 * An answer past the size limit: abandoned unread, whatever its status, and never retried (the same
 * request would bring the same body).
 */
export function tooLargeError(endpoint: string, status: number, limit: number): AppError {
  return appError(
    'bad_response',
    `The service sent an answer larger than ${describeAnswerLimit(limit)}; the app stopped reading it (HTTP ${status})`,
    { status, endpoint },
  )
}

/** Removes the token from any text that leaves the client, in case the service echoes it. */
export function withoutToken(error: AppError, token: string | undefined): AppError {
  if (!token || !error.message.includes(token)) return error
  return { ...error, message: error.message.split(token).join('[token]') }
}

/** How much of a redirect target an error shows: origin and path, never a query (it may be signed). */
const REDIRECT_SHOWN_MAX = 200

/** Where a redirect points, as origin and path only; undefined when there is no usable Location. */
export function redirectTarget(location: string | null, requestUrl: string): string | undefined {
  if (!location) return undefined
  try {
    const target = new URL(location, requestUrl)
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return undefined
    const shown = `${target.origin}${target.pathname}`
    return shown.length > REDIRECT_SHOWN_MAX ? `${shown.slice(0, REDIRECT_SHOWN_MAX)}…` : shown
  } catch {
    return undefined
  }
}

/**
 * A 3xx answer to an API call. It is not followed (the bearer token must not go wherever the
 * service points), and it is not a network failure either: the service answered, so the app is
 * not offline. Said as what it is, and where to.
 */
export function redirectError(endpoint: string, status: number, location: string | null, requestUrl: string): AppError {
  const to = redirectTarget(location, requestUrl)
  const message = `The service answered with a redirect the app does not follow (HTTP ${status})${to ? `, to ${to}` : ''}`
  return appError('bad_response', message, to ? { status, endpoint, redirectTo: to } : { status, endpoint })
}
