/**
 * The most main reads of one answer: an API body (service or error text) and a media file passed to
 * the page alike. An answer is read as a stream and abandoned past this, so a huge body never
 * reaches memory whole, the offline cache, the outbox or IPC.
 */
export const MAX_ANSWER_BYTES = 32 * 1024 * 1024

/** The limit in words, for messages: "32 MiB". */
export function describeAnswerLimit(bytes: number = MAX_ANSWER_BYTES): string {
  return `${Math.round((bytes / 1024 / 1024) * 10) / 10} MiB`
}
