import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { cacheFileOf, cachedProfileIds, setAsideCaches } from '../../../electron/core/cache/profileCache'

let dir: string
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'agent-desk-aside-'))
})
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe('files set aside beside a profile cache, as the offline panel lists them', () => {
  it('lists copies set aside for a missing key and as damaged, newest first, with when and size; a profile with only those is still listed', () => {
    const file = cacheFileOf(dir, 'p1')
    mkdirSync(dirname(file), { recursive: true })
    writeFileSync(`${file}.nokey-2000`, Buffer.alloc(3000))
    writeFileSync(`${file}.corrupt-1000`, Buffer.alloc(10))
    writeFileSync(`${file}.cleared-3000`, Buffer.alloc(10))
    expect(setAsideCaches(dir, 'p1')).toEqual([
      { name: `${file.split('/').pop()}.nokey-2000`, reason: 'key_missing', setAsideAt: 2000, bytes: 3000 },
      { name: `${file.split('/').pop()}.corrupt-1000`, reason: 'damaged', setAsideAt: 1000, bytes: 10 },
    ])
    expect(cachedProfileIds(dir)).toEqual(['p1'])
  })
})
