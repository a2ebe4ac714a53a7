import { createRequire } from 'node:module'
import { Worker } from 'node:worker_threads'

/**
 * `PRAGMA quick_check` reads and decrypts every page: seconds for a cache of a million messages.
 * It runs in a worker thread on its own read-only connection (WAL lets it read beside the main
 * connection), so the main process's event loop is never held by it.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads')
const Database = require(workerData.driver)
let db
try {
  db = new Database(workerData.file, { readonly: true, fileMustExist: true })
  db.pragma("cipher='sqlcipher'")
  db.pragma('key="x\\'' + workerData.keyHex + '\\'"')
  const rows = db.pragma('quick_check').map((r) => String(Object.values(r)[0]))
  parentPort.postMessage(rows.length === 1 && rows[0] === 'ok' ? { state: 'ok' } : { state: 'damaged', detail: rows.slice(0, 3).join('; ') })
} catch (e) {
  const damaged = e && (e.code === 'SQLITE_CORRUPT' || e.code === 'SQLITE_NOTADB')
  parentPort.postMessage({ state: damaged ? 'damaged' : 'unknown', detail: e && e.message ? e.message : String(e) })
} finally {
  if (db) db.close()
}
`

/** ok; damaged (the file must be set aside); unknown (the check could not run: leave the file alone). */
export type IntegrityResult = { state: 'ok' } | { state: 'damaged' | 'unknown'; detail: string }

export function checkCacheFile(file: string, keyHex: string): Promise<IntegrityResult> {
  if (!/^[0-9a-f]{64}$/.test(keyHex)) return Promise.resolve({ state: 'unknown', detail: 'invalid key' })
  // An absolute path: an eval'd worker would otherwise resolve modules from the working directory.
  const driver = createRequire(import.meta.url).resolve('better-sqlite3-multiple-ciphers')
  return new Promise((resolve) => {
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file, keyHex, driver } })
    let answered = false
    worker.once('message', (result: IntegrityResult) => {
      answered = true
      resolve(result)
    })
    worker.once('error', (e) => {
      answered = true
      resolve({ state: 'unknown', detail: e.message })
    })
    worker.once('exit', (code) => {
      if (!answered) resolve({ state: 'unknown', detail: `integrity worker exited with code ${code}` })
    })
  })
}
