import Database from 'better-sqlite3-multiple-ciphers'
import { existsSync, readFileSync, rmSync } from 'node:fs'
import { basename, dirname, join } from 'node:path'
import { CACHE_CIPHER, keyConnection, nativeOf, type CacheDriverOptions } from './cacheCipher'
import type { CacheDb } from './cacheDatabase'
import { carryListOf, messageOf, moveAside, pruneAsideCopies, removeWithSideFiles } from './cacheFiles'

/**
 * What is not on the service (the outbox: messages waiting to be sent, with their state; form
 * drafts; the agents' test cases, settings and runs; the profile's own settings, such as its MCP
 * connections): its rows are carried into the new file when the old one is cleared or set aside as
 * damaged. Only the chats and messages a sync copied from the service go.
 */
export function isCarriedTable(name: string): boolean {
  return (
    name === 'drafts' ||
    name === 'outbox' ||
    name.startsWith('outbox_') ||
    name.startsWith('agent_test_') ||
    name === 'profile_settings'
  )
}

/**
 * Copies the carried tables' rows of every file listed for carrying into `db`, oldest first, in one
 * transaction each (an entry already there, by its id or key, is kept). A cleared file is deleted
 * once carried; a damaged one stays as the copy kept to inspect. A file that cannot be read is said
 * in the log and kept as a damaged copy: nothing it holds is deleted unread.
 */
export function carryOver(db: CacheDb, file: string, keyHex: string, driver: CacheDriverOptions): void {
  const list = carryListOf(file)
  if (!existsSync(list)) return
  const names = [...new Set(readFileSync(list, 'utf8').split('\n').filter(Boolean))]
  for (const name of names) {
    const source = join(dirname(file), name)
    if (!existsSync(source)) continue
    const cleared = name.startsWith(`${basename(file)}.cleared-`)
    try {
      copyCarriedRows(db, source, keyHex, driver)
      if (cleared) removeWithSideFiles(source)
    } catch (cause) {
      console.warn(`[offline] could not carry the outbox and drafts of a set-aside file: ${messageOf(cause)}`)
      if (cleared) {
        moveAside(source, `${file}.corrupt-${Date.now()}`)
        pruneAsideCopies(file)
      }
    }
  }
  rmSync(list, { force: true })
}

interface ColumnInfo {
  name: string
  type: string
  pk: number
}

function copyCarriedRows(db: CacheDb, source: string, keyHex: string, driver: CacheDriverOptions): void {
  const src = new Database(source, { fileMustExist: true, ...nativeOf(driver) })
  try {
    keyConnection(src, keyHex, CACHE_CIPHER)
    const tables = (
      db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name`).all() as { name: string }[]
    )
      .map((t) => t.name)
      .filter(isCarriedTable)
    db.transaction(() => {
      for (const table of tables) {
        const from = new Set(columnsOf(src, table).map((c) => c.name))
        if (from.size === 0) continue
        const to = columnsOf(db, table)
        const keys = to.filter((c) => c.pk > 0)
        // A rowid alias (the outbox's seq) is given anew, in the old order: two carried files may share numbers.
        const rowidAlias = keys.length === 1 && keys[0]!.type.toUpperCase() === 'INTEGER' ? keys[0]!.name : null
        const cols = to.map((c) => c.name).filter((c) => from.has(c) && c !== rowidAlias)
        if (cols.length === 0) continue
        const list = cols.map((c) => `"${c}"`).join(', ')
        const insert = db.prepare(
          `INSERT OR IGNORE INTO "${table}" (${list}) VALUES (${cols.map(() => '?').join(', ')})`,
        )
        for (const row of src.prepare(`SELECT ${list} FROM "${table}" ORDER BY rowid`).raw().iterate())
          insert.run(row as unknown[])
      }
    })()
  } finally {
    src.close()
  }
}

function columnsOf(db: CacheDb, table: string): ColumnInfo[] {
  return db.prepare('SELECT name, type, pk FROM pragma_table_info(?)').all(table) as ColumnInfo[]
}
