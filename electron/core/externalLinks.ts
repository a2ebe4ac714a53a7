/**
 * Links the app may hand to the system browser: https only, with a host, and no credentials in
 * the URL (a `user:pass@` link could leak secrets or disguise the real host).
 *
 * Returns the URL as the check understood it (WHATWG-serialized), or null when it is refused. The
 * caller opens exactly that string, never the raw one: the raw text may read differently to the
 * OS's opener (`https://good.example\\@evil.example`, tabs or newlines inside the host, which the
 * parser drops) than to the check.
 */
export function externalUrlToOpen(url: string): string | null {
  if (typeof url !== 'string' || url.length > 4096) return null
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return null
  }
  if (parsed.protocol !== 'https:') return null
  if (!parsed.hostname) return null
  if (parsed.username || parsed.password) return null
  const href = parsed.href
  return href.length > 4096 ? null : href
}

export function isAllowedExternalUrl(url: string): boolean {
  return externalUrlToOpen(url) !== null
}
