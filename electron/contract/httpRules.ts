import { z } from 'zod'

/**
 * Rules for the HTTP parts an operator types that the service will call or send: addresses and
 * header names. A refinement names its rule (`params.rule`) for the renderer's translation.
 */

/** Whether an address carries a user name or password (`https://user:pass@host/`). */
export function hasCredentials(url: string): boolean {
  try {
    const u = new URL(url)
    return u.username !== '' || u.password !== ''
  } catch {
    return false
  }
}

/**
 * An http(s) address without credentials: `https://user:pass@host` would store a secret in plain
 * sight (and shows a host that is not the one called to anyone reading it quickly).
 */
export const HttpUrlWithoutCredentials = z
  .url({ protocol: /^https?$/, message: 'must be an http(s) URL' })
  .refine((url) => !hasCredentials(url), {
    message: 'must not contain a user name or password',
    params: { rule: 'noCredentials' },
  })

/** RFC 9110 §5.6.2 `token`: the only characters a header (field) name may have. */
export const HEADER_NAME_TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

/** RFC 9110 §5.5 field value: no CR, LF or NUL (they would end the header or the request). */
const HEADER_VALUE = /^[^\r\n\0]*$/

/** Header name -> value, each name an RFC 9110 token and each value on one line. */
export const HttpHeaders = z.record(z.string(), z.string()).superRefine((headers, ctx) => {
  for (const [name, value] of Object.entries(headers)) {
    if (!HEADER_NAME_TOKEN.test(name))
      ctx.addIssue({
        code: 'custom',
        message: "not a valid header name (letters, digits and !#$%&'*+-.^_`|~ only)",
        path: [name],
        params: { rule: 'headerName' },
      })
    else if (!HEADER_VALUE.test(value))
      ctx.addIssue({
        code: 'custom',
        message: 'a header value must be one line',
        path: [name],
        params: { rule: 'headerValue' },
      })
  }
})

/**
 * An address field the service stores as any string (the agent's avatar and site): main takes
 * whatever the vendor takes, so a legacy value the user did not touch never blocks a save, but
 * never an address with credentials. The renderer holds the stricter http(s) rule and checks it on
 * the fields the user changed.
 */
export const StoredAddress = z
  .string()
  .max(2048)
  .refine((value) => !hasCredentials(value), {
    message: 'must not contain a user name or password',
    params: { rule: 'noCredentials' },
  })
