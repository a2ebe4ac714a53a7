/** One numbered change of the cache schema; applied in order, each in its own transaction. */
export interface Migration {
  version: number
  name: string
  sql: string
}
