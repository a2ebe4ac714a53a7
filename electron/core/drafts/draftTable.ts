import type { CacheDb } from '../cache/cacheDatabase'
import { KeyedJsonTable } from '../cache/keyedJsonTable'

/** The drafts table of a profile's cache. */
export class DraftTable extends KeyedJsonTable {
  constructor(db: CacheDb) {
    super(db, 'drafts')
  }
}
