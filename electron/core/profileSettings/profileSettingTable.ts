import type { CacheDb } from '../cache/cacheDatabase'
import { KeyedJsonTable } from '../cache/keyedJsonTable'

/** The per-profile settings table of a profile's cache. */
export class ProfileSettingTable extends KeyedJsonTable {
  constructor(db: CacheDb) {
    super(db, 'profile_settings')
  }
}
