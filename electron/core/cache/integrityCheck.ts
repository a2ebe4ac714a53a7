import Database from 'better-sqlite3-multiple-ciphers'
import type { FromWorker } from './cacheProtocol'
import { startCacheWorker } from './workerThread'

/** ok; damaged (the file must be set aside); unknown (the check could not run: leave the file alone). */
export type IntegrityResult = { state: 'ok' } | { state: 'damaged' | 'unknown'; detail: string }

/**
 * `PRAGMA quick_check` on a read-only connection of its own: reads and decrypts every page, so
 * seconds on a cache of a million messages. Runs in a worker thread (`checkCacheFile`).
 */
export function quickCheck(file: string, keyHex: string, cipher: string): IntegrityResult {
  let db: Database.Database | undefined
  try {
    db = new Database(file, { readonly: true, fileMustExist: true })
    db.pragma(`cipher='${cipher}'`)
    db.pragma(`key="x'${keyHex}'"`)
    const rows = (db.pragma('quick_check') as Record<string, unknown>[]).map((r) => String(Object.values(r)[0]))
    return rows.length === 1 && rows[0] === 'ok'
      ? { state: 'ok' }
      : { state: 'damaged', detail: rows.slice(0, 3).join('; ') }
  } catch (e) {
    const code = (e as { code?: unknown }).code
    const damaged = code === 'SQLITE_CORRUPT' || code === 'SQLITE_NOTADB'
    return { state: damaged ? 'damaged' : 'unknown', detail: e instanceof Error ? e.message : String(e) }
  } finally {
    db?.close()
  }
}

/** The page-by-page check in a short-lived worker thread, so the main process's event loop is never held by it. */
export function checkCacheFile(file: string, keyHex: string, cipher: string): Promise<IntegrityResult> {
  if (!/^[0-9a-f]{64}$/.test(keyHex)) return Promise.resolve({ state: 'unknown', detail: 'invalid key' })
  return new Promise((resolve) => {
    let answered = false
    const worker = startCacheWorker({ mode: 'check', file, keyHex, cipher })
    worker.once('message', (m: FromWorker) => {
      answered = true
      resolve('checked' in m ? m.checked : { state: 'unknown', detail: 'the integrity worker answered something else' })
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
