/** A piece of message text: plain text, or a link the operator may open through the allow-listed opener. */
export type TextSegment = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string }

// Bare `www.` hosts are linked as https; other schemes (javascript:, file:, data:) never become links.
const LINK = /\b(?:https?:\/\/|www\.)[^\s<>"']+/gi
const TRAILING = /[.,;:!?)\]}]+$/

/** Splits text into segments; nothing here is ever rendered as HTML. */
export function linkifyText(text: string): TextSegment[] {
  const segments: TextSegment[] = []
  let last = 0
  for (const match of text.matchAll(LINK)) {
    let raw = match[0]
    const trail = raw.match(TRAILING)?.[0] ?? ''
    // Keep a closing parenthesis that belongs to the URL, e.g. wikipedia links.
    const keepParen = trail.startsWith(')') && raw.includes('(')
    if (trail && !keepParen) raw = raw.slice(0, raw.length - trail.length)
    const start = match.index ?? 0
    const href = raw.toLowerCase().startsWith('www.') ? `https://${raw}` : raw
    let valid = false
    try {
      const u = new URL(href)
      valid = u.protocol === 'https:' || u.protocol === 'http:'
    } catch {
      valid = false
    }
    if (!valid) continue
    if (start > last) segments.push({ kind: 'text', text: text.slice(last, start) })
    segments.push({ kind: 'link', text: raw, href })
    last = start + raw.length
  }
  if (last < text.length) segments.push({ kind: 'text', text: text.slice(last) })
  return segments
}

/** Splits text around the case- and accent-insensitive matches of `needle`, for in-chat search highlight. */
export function highlightMatches(text: string, needle: string): { text: string; hit: boolean }[] {
  const q = fold(needle.trim())
  if (!q) return [{ text, hit: false }]
  const folded = fold(text)
  const parts: { text: string; hit: boolean }[] = []
  let from = 0
  for (let at = folded.indexOf(q); at !== -1; at = folded.indexOf(q, at + q.length)) {
    if (at > from) parts.push({ text: text.slice(from, at), hit: false })
    parts.push({ text: text.slice(at, at + q.length), hit: true })
    from = at + q.length
  }
  if (from < text.length) parts.push({ text: text.slice(from), hit: false })
  return parts
}

/**
 * Lower case without diacritics, keeping the string length so indexes map back to the original
 * (every accented letter of Portuguese folds to one letter).
 */
export function fold(s: string): string {
  let out = ''
  for (const ch of s) {
    const base = ch.normalize('NFD').replace(/[\u0300-\u036f]/g, '')
    out += (base.length === ch.length ? base : ch).toLowerCase()
  }
  return out
}
