/**
 * The cache worker thread: the one owner of a profile's cache file. Started by `cacheClient.ts`
 * (mode `server`) or by the integrity check (mode `check`). Runs the typed modules the tests
 * import; nothing here is evaluated from a string.
 */
import { readlinkSync } from 'node:fs'
import { getPriority, setPriority } from 'node:os'
import { parentPort, workerData } from 'node:worker_threads'
import { toWire, type AnswerTo, type FromWorker, type Request, type ToWorker } from './cacheProtocol'
import { CacheServer } from './cacheServer'
import { quickCheck } from './integrityCheck'
import type { SearchRow } from './messageSearch'
import type { CacheWorkerData } from './workerThread'

const port = parentPort
if (!port) throw new Error('cacheWorker.ts runs only as a worker thread')
const data = workerData as CacheWorkerData
const post = (m: FromWorker) => port.postMessage(m)

if (data.mode === 'check') {
  // The integrity check answers once, with its result (see checkCacheFile).
  post({ checked: quickCheck(data.file, data.keyHex, data.cipher) })
  port.close()
} else {
  lowerPriority(data.niceness ?? 0)
  let server: CacheServer | undefined
  try {
    server = new CacheServer(data.file, data.keyHex, data.tuning, data.driver)
    post({ ready: server.opened, methods: server.methodNames() })
  } catch (e) {
    post({ fatal: toWire(e) })
    port.close()
  }
  if (server) serve(server)
}

/**
 * Lowers this thread's scheduling priority by `by` steps of nice (Linux only: a thread has a
 * priority of its own there, its id read from /proc/thread-self), so when the machine is busy the
 * main thread gets a core before the writer: the user's clicks and the sync's requests wait less,
 * and the writer has the core whenever main does not want it. Elsewhere, or when the system
 * refuses, the worker keeps the main thread's priority.
 */
function lowerPriority(by: number): void {
  if (process.platform !== 'linux' || !(by > 0)) return
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop())
    if (!Number.isInteger(tid) || tid <= 0) return
    setPriority(tid, Math.min(19, getPriority(tid) + by))
  } catch {
    // No /proc, or the system said no: the same priority as main, as before.
  }
}

function serve(server: CacheServer): void {
  const cancelled = new Set<number>()
  const searching = new Set<number>()
  port!.on('message', (msg: ToWorker) => {
    const fail = (e: unknown) => post({ id: msg.id, err: toWire(e) })
    /** The answer to this request, of the type the request names. */
    const answer = <R extends Request>(_: R, ok: AnswerTo<R>) => post({ id: msg.id, ok })
    try {
      switch (msg.op) {
        case 'call': {
          const result = server.call(msg.method, msg.args)
          // A method that works asynchronously answers once it settles (a promise cannot be cloned).
          if (result instanceof Promise) result.then((ok) => answer(msg, ok), fail)
          else answer(msg, result)
          break
        }
        case 'write':
          server.write(msg.write, msg.now, (applied) => post({ id: msg.id, applied })).then((n) => answer(msg, n), fail)
          break
        case 'search': {
          searching.add(msg.id)
          const sink = {
            partial: (rows: SearchRow[]) => post({ id: msg.id, partial: rows }),
            cancelled: () => cancelled.has(msg.id),
          }
          server
            .search(msg.text, { chatId: msg.chatId, limit: msg.limit }, sink)
            .then((found) => answer(msg, found), fail)
            .finally(() => {
              searching.delete(msg.id)
              cancelled.delete(msg.id)
            })
          break
        }
        case 'cancel':
          if (searching.has(msg.target)) cancelled.add(msg.target)
          answer(msg, null)
          break
        case 'close':
          server.close()
          // After the answers of the writes the close just committed (they settle as microtasks).
          setImmediate(() => {
            answer(msg, null)
            port!.close()
          })
          break
      }
    } catch (e) {
      fail(e)
    }
  })
}
