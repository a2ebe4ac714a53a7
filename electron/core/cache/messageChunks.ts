/**
 * How message texts are cut for the search index (see migration 006): chunks of at most
 * CHUNK_CHARS characters, cut after a space where one is near, at most MAX_CHUNKS of them.
 */
export const CHUNK_CHARS = 1024
export const MAX_CHUNKS = 1024
/** How far back from a chunk's end a space is looked for, so words are rarely cut in two. */
const LOOK_BACK = 48

export function chunksOf(text: string | null): string[] {
  if (text === null || text === '') return []
  if (text.length <= CHUNK_CHARS) return [text]
  const out: string[] = []
  let start = 0
  while (start < text.length && out.length < MAX_CHUNKS) {
    let end = Math.min(text.length, start + CHUNK_CHARS)
    if (end < text.length) {
      const space = text.lastIndexOf(' ', end - 1)
      if (space > end - LOOK_BACK && space > start) end = space + 1
      // Never between the two halves of a surrogate pair.
      const code = text.charCodeAt(end - 1)
      if (code >= 0xd800 && code <= 0xdbff) end--
    }
    out.push(text.slice(start, end))
    start = end
  }
  return out
}

/** Bits of the chunk number in a chunk id: `cid = seq << CHUNK_BITS | (MAX_CHUNKS - 1 - n)` (in SQL). */
export const CHUNK_BITS = 10
