/**
 * The service that pages forever (tests/unit/sync/endlessService.ts) in a process of its own, so
 * the bench measures the core's memory alone. Options come as JSON in ENDLESS_SERVICE (Infinity as
 * null); prints `{ url, workspaceId }` once listening; stops when its stdin closes.
 */
import { startEndlessService, type EndlessServiceOptions } from '../unit/sync/endlessService'

const raw = JSON.parse(process.env.ENDLESS_SERVICE ?? '{}') as { chats: number | null } & Omit<
  EndlessServiceOptions,
  'chats'
>
const service = await startEndlessService({ ...raw, chats: raw.chats ?? Number.POSITIVE_INFINITY })
process.stdout.write(`${JSON.stringify({ url: service.url, workspaceId: service.workspaceId })}\n`)
process.stdin.resume()
process.stdin.on('end', () => void service.close().then(() => process.exit(0)))
