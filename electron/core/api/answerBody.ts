/**
 * Reading an answer's body with a ceiling. The declared length is trusted only to refuse early; the
 * bytes themselves are counted as they arrive, so a body that lies about its length (or declares
 * none) is still abandoned at the limit, and the connection is let go instead of drained.
 */

export type CappedText = { text: string } | { tooLarge: true }
export type CappedBytes = { bytes: Uint8Array<ArrayBuffer> } | { tooLarge: true }

/** Whether a declared `content-length` already says the body is past the limit. */
export function declaredTooLarge(headers: Headers, limit: number): boolean {
  const declared = headers.get('content-length')
  if (declared === null || !/^\d+$/.test(declared.trim())) return false
  return Number(declared) > limit
}

/**
 * The body's bytes, or `tooLarge` once more than `limit` bytes came (what was read is dropped and
 * the rest is never read). A failure while reading (a lost connection, an abort) is thrown. The
 * bytes sit alone in an ArrayBuffer of their own (never a slice of Node's shared pool), so the
 * buffer can be transferred to another thread whole.
 */
export async function readCappedBytes(
  body: ReadableStream<Uint8Array> | null | undefined,
  headers: Headers,
  limit: number,
): Promise<CappedBytes> {
  if (!body) return { bytes: new Uint8Array(0) }
  if (declaredTooLarge(headers, limit)) {
    await body.cancel().catch(() => undefined)
    return { tooLarge: true }
  }
  const reader = body.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      size += value.byteLength
      if (size > limit) {
        chunks.length = 0
        await reader.cancel().catch(() => undefined)
        return { tooLarge: true }
      }
      chunks.push(value)
    }
  } finally {
    reader.releaseLock()
  }
  const bytes = new Uint8Array(new ArrayBuffer(size))
  let at = 0
  for (const chunk of chunks) {
    bytes.set(chunk, at)
    at += chunk.byteLength
  }
  return { bytes }
}

/** The body as UTF-8 text, or `tooLarge` (see readCappedBytes). */
export async function readCappedText(
  body: ReadableStream<Uint8Array> | null | undefined,
  headers: Headers,
  limit: number,
): Promise<CappedText> {
  const read = await readCappedBytes(body, headers, limit)
  return 'tooLarge' in read ? read : { text: utf8(read.bytes) }
}

/** UTF-8 bytes as text (malformed sequences become U+FFFD, as a fetch's `text()` does). */
export function utf8(bytes: Uint8Array): string {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
}

/**
 * Whether the bytes hold the token. The token is printable ASCII (the client refuses any other),
 * and in UTF-8 an ASCII byte is never part of a longer sequence, so this finds it exactly where a
 * search of the decoded text would.
 */
export function bytesHold(bytes: Uint8Array, token: string): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).indexOf(token, 0, 'utf8') >= 0
}

/**
 * The same body, passed on as it streams, that errors with `onTooLarge()` once more than `limit`
 * bytes went through (the upstream is cancelled then). For media, which is streamed to the page,
 * never held whole.
 */
export function cappedStream(
  body: ReadableStream<Uint8Array>,
  limit: number,
  onTooLarge: () => Error,
): ReadableStream<Uint8Array> {
  let size = 0
  return body.pipeThrough(
    new TransformStream<Uint8Array, Uint8Array>({
      transform(chunk, controller) {
        size += chunk.byteLength
        if (size > limit) controller.error(onTooLarge())
        else controller.enqueue(chunk)
      },
    }),
  )
}
