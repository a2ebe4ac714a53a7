/**
 * The embedded service for the sync benchmark, in a process of its own: served from the bench's
 * process, its own SQLite paging would show up in the event-loop lag measured for the sync.
 * Prints `{ url, workspaceId }` once listening; stops when its stdin closes.
 */
import { startSandbox } from '../../electron/sandbox/index'

const token = process.env.SYNC_BENCH_TOKEN
if (!token) throw new Error('SYNC_BENCH_TOKEN is not set')
const service = await startSandbox({ port: 0, token, bigChat: true })
process.stdout.write(`${JSON.stringify({ url: service.url, workspaceId: service.workspaceId })}\n`)
process.stdin.resume()
process.stdin.on('end', () => void service.close().then(() => process.exit(0)))
