/**
 * The cache worker thread: the one owner of a profile's cache file. Started by `cacheClient.ts`
 * (mode `server`) or by the integrity check (mode `check`). Runs the typed modules the tests
 * import; nothing here is evaluated from a string.
 */
import { parentPort, workerData } from 'node:worker_threads'
import { toWire, type FromWorker, type ToWorker } from './cacheProtocol'
import { CacheServer } from './cacheServer'
import { quickCheck } from './integrityCheck'
import type { ChatHit } from './messageSearch'
import type { CacheWorkerData } from './workerThread'

const port = parentPort
if (!port) throw new Error('cacheWorker.ts runs only as a worker thread')
const data = workerData as CacheWorkerData
const post = (m: FromWorker) => port.postMessage(m)

if (data.mode === 'check') {
  // The integrity check answers with its result alone (see checkCacheFile).
  port.postMessage(quickCheck(data.file, data.keyHex, data.cipher))
  port.close()
} else {
  let server: CacheServer | undefined
  try {
    server = new CacheServer(data.file, data.keyHex, data.tuning, data.driver)
    post({ ready: server.opened })
  } catch (e) {
    post({ fatal: toWire(e) })
    port.close()
  }
  if (server) serve(server)
}

function serve(server: CacheServer): void {
  const cancelled = new Set<number>()
  const searching = new Set<number>()
  port!.on('message', (msg: ToWorker) => {
    const fail = (e: unknown) => post({ id: msg.id, err: toWire(e) })
    try {
      switch (msg.op) {
        case 'call':
          post({ id: msg.id, ok: server.call(msg.method, msg.args as never) })
          break
        case 'write':
          server.write(msg.write, msg.now).then((n) => post({ id: msg.id, ok: n }), fail)
          break
        case 'search': {
          searching.add(msg.id)
          const sink = {
            partial: (hits: ChatHit[]) => post({ id: msg.id, partial: hits }),
            cancelled: () => cancelled.has(msg.id),
          }
          server
            .search(msg.text, { chatId: msg.chatId, limit: msg.limit }, sink)
            .then((answer) => post({ id: msg.id, ok: answer }), fail)
            .finally(() => {
              searching.delete(msg.id)
              cancelled.delete(msg.id)
            })
          break
        }
        case 'cancel':
          if (searching.has(msg.target)) cancelled.add(msg.target)
          post({ id: msg.id, ok: null })
          break
        case 'close':
          server.close()
          // After the answers of the writes the close just committed (they settle as microtasks).
          setImmediate(() => {
            post({ id: msg.id, ok: null })
            port!.close()
          })
          break
      }
    } catch (e) {
      fail(e)
    }
  })
}
