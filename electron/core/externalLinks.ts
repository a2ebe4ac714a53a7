/**
 * Links the app may hand to the system browser: https only, with a host, and no credentials in
 * the URL (a `user:pass@` link could leak secrets or disguise the real host).
 */
export function isAllowedExternalUrl(url: string): boolean {
  if (typeof url !== 'string' || url.length > 4096) return false
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    return false
  }
  if (parsed.protocol !== 'https:') return false
  if (!parsed.hostname) return false
  if (parsed.username || parsed.password) return false
  return true
}
