import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { openSettingsFile, SETTINGS_FILE, writeFileAtomic } from '../../../electron/core/settings'

let dir: string
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'settings-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('settings file', () => {
  it('starts from defaults when there is no file, without a notice', async () => {
    const file = await openSettingsFile(dir)
    expect(file.read()).toMatchObject({
      profiles: [],
      activeProfileId: null,
      settings: { locale: 'system', theme: 'system', refreshIntervalMinutes: 15, autoUpdate: true },
      windowBounds: null,
    })
    expect(file.takeNotice()).toBeUndefined()
  })

  it('persists changes that a new open reads back', async () => {
    const file = await openSettingsFile(dir)
    await file.update((doc) => {
      doc.settings.theme = 'dark'
      doc.windowBounds = { width: 1000, height: 700, x: 10, y: 20, maximized: true }
    })
    const again = await openSettingsFile(dir)
    expect(again.read().settings.theme).toBe('dark')
    expect(again.read().windowBounds).toEqual({ width: 1000, height: 700, x: 10, y: 20, maximized: true })
  })

  it.each([
    ['not JSON', '{"profiles": ['],
    ['a wrong shape', JSON.stringify({ settings: { theme: 'purple' } })],
    ['a wrong type', JSON.stringify({ profiles: 'nope' })],
  ])('sets a file with %s aside, starts from defaults, and says so once', async (_what, content) => {
    await writeFile(join(dir, SETTINGS_FILE), content)
    const file = await openSettingsFile(dir, () => 1234)
    expect(file.read().settings.theme).toBe('system')
    expect(file.takeNotice()).toBe('settings_reset')
    expect(file.takeNotice()).toBeUndefined()
    expect(await readFile(join(dir, `${SETTINGS_FILE}.corrupt-1234`), 'utf8')).toBe(content)
    // The replacement is a valid file: the next start has no notice.
    const again = await openSettingsFile(dir)
    expect(again.takeNotice()).toBeUndefined()
  })

  it('refuses a change that breaks the schema and keeps the previous content', async () => {
    const file = await openSettingsFile(dir)
    await file.update((doc) => {
      doc.settings.locale = 'en'
    })
    await expect(
      file.update((doc) => {
        ;(doc.settings as { locale: string }).locale = 'klingon'
      }),
    ).rejects.toThrow()
    expect(file.read().settings.locale).toBe('en')
    expect(JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8')).settings.locale).toBe('en')
  })

  it('applies concurrent changes in order without losing one', async () => {
    const file = await openSettingsFile(dir)
    await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        file.update((doc) => {
          doc.settings.refreshIntervalMinutes = doc.settings.refreshIntervalMinutes + i
        }),
      ),
    )
    const sum = 15 + (19 * 20) / 2
    expect(file.read().settings.refreshIntervalMinutes).toBe(sum)
    expect(JSON.parse(await readFile(join(dir, SETTINGS_FILE), 'utf8')).settings.refreshIntervalMinutes).toBe(sum)
  })

  it('writes atomically: no temp file is left and the file is mode 600', async () => {
    const file = await openSettingsFile(dir)
    await file.update((doc) => {
      doc.settings.autoUpdate = false
    })
    expect((await readdir(dir)).sort()).toEqual([SETTINGS_FILE])
    if (process.platform !== 'win32') expect((await stat(join(dir, SETTINGS_FILE))).mode & 0o777).toBe(0o600)
  })

  it('leaves the old file whole when a write fails half way', async () => {
    const target = join(dir, 'data.json')
    await writeFileAtomic(target, 'old content')
    // Writing into a folder that does not exist fails before the rename: the target is untouched.
    await expect(writeFileAtomic(join(dir, 'missing', 'data.json'), 'x')).rejects.toThrow()
    const failing = {
      [Symbol.iterator]: () => {
        throw new Error('disk full')
      },
    } as unknown as Uint8Array
    await expect(writeFileAtomic(target, failing)).rejects.toThrow()
    expect(await readFile(target, 'utf8')).toBe('old content')
    expect((await readdir(dir)).sort()).toEqual(['data.json'])
  })
})
