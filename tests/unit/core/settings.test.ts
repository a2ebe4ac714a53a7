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
    expect(file.loadReport).toEqual({ notices: [], droppedProfileIds: [] })
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
    ['not an object', '[1, 2]'],
  ])('sets a file that is %s aside, starts from defaults, and says so', async (_what, content) => {
    await writeFile(join(dir, SETTINGS_FILE), content)
    const file = await openSettingsFile(dir, () => 1234)
    expect(file.read().settings.theme).toBe('system')
    expect(file.loadReport.notices).toEqual([{ kind: 'settings_reset' }])
    expect(await readFile(join(dir, `${SETTINGS_FILE}.corrupt-1234`), 'utf8')).toBe(content)
    // The replacement is a valid file: the next start has no notice.
    const again = await openSettingsFile(dir)
    expect(again.loadReport.notices).toEqual([])
  })

  it('names the profile ids a file that is not JSON still shows, so their secrets can go', async () => {
    await writeFile(join(dir, SETTINGS_FILE), '{"profiles": [{"id": "p-1", "label": "A"}, {"id":"p-2"')
    const file = await openSettingsFile(dir, () => 1)
    expect(file.loadReport.droppedProfileIds.sort()).toEqual(['p-1', 'p-2'])
  })

  const profile = (id: string, extra: Record<string, unknown> = {}) => ({
    id,
    label: `Profile ${id}`,
    kind: 'service',
    baseUrl: 'https://api.example.com',
    workspaceId: 'w1',
    rememberToken: true,
    createdAt: 1,
    ...extra,
  })

  it('reads field by field: one invalid setting falls back alone, with a notice, and every profile is kept', async () => {
    const content = JSON.stringify({
      profiles: [profile('a'), profile('b')],
      activeProfileId: 'b',
      settings: { theme: 'purple', locale: 'pt-BR', refreshIntervalMinutes: 'soon', autoUpdate: false },
      windowBounds: { width: 10, height: 10 },
    })
    await writeFile(join(dir, SETTINGS_FILE), content)
    const file = await openSettingsFile(dir, () => 99)
    const doc = file.read()
    expect(doc.profiles.map((p) => p.id)).toEqual(['a', 'b'])
    expect(doc.activeProfileId).toBe('b')
    expect(doc.settings).toEqual({
      locale: 'pt-BR',
      theme: 'system',
      refreshIntervalMinutes: 15,
      autoUpdate: false,
      liveChatNotify: true,
      offlineBudgetMB: 2048,
    })
    expect(doc.windowBounds).toBeNull()
    expect(file.loadReport.notices).toEqual([
      { kind: 'setting_reset', field: 'settings.theme' },
      { kind: 'setting_reset', field: 'settings.refreshIntervalMinutes' },
      { kind: 'setting_reset', field: 'windowBounds' },
    ])
    expect(file.loadReport.droppedProfileIds).toEqual([])
    // The original is kept aside, the repaired file written: the next start is quiet.
    expect(await readFile(join(dir, `${SETTINGS_FILE}.corrupt-99`), 'utf8')).toBe(content)
    const again = await openSettingsFile(dir)
    expect(again.loadReport.notices).toEqual([])
    expect(again.read().settings.locale).toBe('pt-BR')
  })

  it('drops an unreadable profile alone, names it, and reports its id so its secrets go too', async () => {
    await writeFile(
      join(dir, SETTINGS_FILE),
      JSON.stringify({
        profiles: [profile('a'), profile('bad', { kind: 'alien' }), 'junk', profile('a', { label: 'Duplicate' })],
        activeProfileId: 'bad',
      }),
    )
    const file = await openSettingsFile(dir)
    expect(file.read().profiles.map((p) => p.label)).toEqual(['Profile a'])
    expect(file.read().activeProfileId).toBeNull()
    expect(file.loadReport.notices).toEqual([
      { kind: 'profile_dropped', label: 'Profile bad' },
      { kind: 'profile_dropped', label: undefined },
      { kind: 'profile_dropped', label: 'Duplicate' },
    ])
    // The duplicate shares the kept profile's id: only the unreadable one's secrets go.
    expect(file.loadReport.droppedProfileIds).toEqual(['bad'])
  })

  it('falls back for a profiles list that is not a list, and for a wrong version, alone', async () => {
    await writeFile(
      join(dir, SETTINGS_FILE),
      JSON.stringify({ version: 7, profiles: 'nope', settings: { theme: 'dark' } }),
    )
    const file = await openSettingsFile(dir)
    expect(file.read().settings.theme).toBe('dark')
    expect(file.loadReport.notices).toEqual([
      { kind: 'setting_reset', field: 'version' },
      { kind: 'setting_reset', field: 'profiles' },
    ])
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
