/**
 * Reading an answer's body with a ceiling. The declared length is trusted only to refuse early; the
 * bytes themselves are counted as they arrive, so a body that lies about its length (or declares
 * none) is still abandoned at the limit, and the connection is let go instead of drained.
 */

export type CappedText = { text: string } | { tooLarge: true }

/** Whether a declared `content-length` already says the body is past the limit. */
export function declaredTooLarge(headers: Headers, limit: number): boolean {
  const declared = headers.get('content-length')
  if (declared === null || !/^\d+$/.test(declared.trim())) return false
  return Number(declared) > limit
}

/**
 * The body as UTF-8 text, or `tooLarge` once more than `limit` bytes came (what was read is dropped
 * and the rest is never read). A failure while reading (a lost connection, an abort) is thrown.
 */
export async function readCappedText(
  body: ReadableStream<Uint8Array> | null | undefined,
  headers: Headers,
  limit: number,
): Promise<CappedText> {
  if (!body) return { text: '' }
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
  return { text: Buffer.concat(chunks, size).toString('utf8') }
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
