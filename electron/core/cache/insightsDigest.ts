/**
 * One short text per chat holding its message times and authors in order (its digest), and the
 * reader that walks it: what the insights read instead of every message row.
 */
import { isAuthor } from './insightsTally'

/** Six bits a character, from '0' (48) to 'o' (111): printable ASCII, one byte in UTF-8. */
export const ZERO = 48
export const BIAS = 2 ** 46
export const enc = (v: number, width: number): string => {
  let out = ''
  for (let i = 0; i < width; i++) {
    out = String.fromCharCode(ZERO + (v % 64)) + out
    v = Math.floor(v / 64)
  }
  return out
}

/**
 * A chat's digest: its id, then its messages in (time, author) order. Where every time is a whole
 * number within ±2^46 ms (two thousand years of the epoch), 'b' and each message as its author's
 * letter and the time plus 2^46 in eight characters; otherwise 'd' and each time in decimal after
 * its length. Read from the group_concat string of the covering index ("c1700000000000a1700…"),
 * where anything but digits in a time (a minus, a fraction) is rare and read by Number.
 */
export function digestOf(chatId: string, walk: string): string {
  const times: number[] = []
  const authors: string[] = []
  const length = walk.length
  let fixed = true
  for (let start = 0; start < length;) {
    let t = 0
    let end = start + 1
    let plain = true
    for (; end < length; end++) {
      const ch = walk.charCodeAt(end)
      if (ch >= 48 && ch <= 57) t = t * 10 + (ch - 48)
      else if (isAuthor(ch)) break
      else plain = false
    }
    if (!plain) t = Number(walk.slice(start + 1, end))
    if (!Number.isSafeInteger(t) || Math.abs(t) >= BIAS) fixed = false
    authors.push(walk[start]!)
    times.push(t)
    start = end
  }
  let out = `${fixed ? 'b' : 'd'}${enc(chatId.length, 4)}${chatId}${enc(times.length, 4)}`
  for (let i = 0; i < times.length; i++) {
    if (fixed) out += authors[i]! + enc(times[i]! + BIAS, 8)
    else {
      const text = String(times[i])
      out += authors[i]! + enc(text.length, 1) + text
    }
  }
  return out
}

/** A number of `width` characters of `s` from `at` (see `enc`). */
export function dec(s: string, at: number, width: number): number {
  let v = 0
  for (let i = 0; i < width; i++) v = v * 64 + (s.charCodeAt(at + i) - ZERO)
  return v
}

/** The times and authors of one chat, read into arrays kept from chat to chat. */
export class ChatWalk {
  times = new Float64Array(64)
  authors = new Uint8Array(64)
  count = 0
  /** Read only where a drill needs it (a string per chat otherwise). */
  chatId = ''

  /** Reads the digest at `at` in `s`; returns where the next begins. */
  read(s: string, at: number, withId: boolean): number {
    const fixed = s.charCodeAt(at) === 98 /* b */
    const idLength = dec(s, at + 1, 4)
    if (withId) this.chatId = s.slice(at + 5, at + 5 + idLength)
    at += 5 + idLength
    const n = dec(s, at, 4)
    at += 4
    if (n > this.times.length) {
      this.times = new Float64Array(n * 2)
      this.authors = new Uint8Array(n * 2)
    }
    const { times, authors } = this
    for (let i = 0; i < n; i++) {
      authors[i] = s.charCodeAt(at)
      if (fixed) {
        times[i] = dec(s, at + 1, 8) - BIAS
        at += 9
      } else {
        const l = dec(s, at + 1, 1)
        times[i] = Number(s.slice(at + 2, at + 2 + l))
        at += 2 + l
      }
    }
    this.count = n
    return at
  }
}
