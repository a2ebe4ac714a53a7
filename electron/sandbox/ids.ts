import { createHash, randomBytes } from 'node:crypto'

/** Ids look like the real service's: uppercase 32-hex. */

/** The id of a well-known seeded thing: fixed by its label, whatever the seed, so tests can name it. */
export function wellKnownId(label: string): string {
  return createHash('md5').update(`agent-desk-sandbox:${label}`).digest('hex').toUpperCase()
}

/** The id of something created through the API. */
export function newId(): string {
  return randomBytes(16).toString('hex').toUpperCase()
}
