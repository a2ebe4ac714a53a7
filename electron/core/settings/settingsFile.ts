import { copyFile, readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { NOTICE_LABEL_MAX, type AppNotice } from '../../contract/app/notices'
import { Profile, Settings } from '../../contract/app/profiles'
import { writeFileAtomic } from './atomicFile'

export const SETTINGS_FILE = 'settings.json'

/** A profile as stored: whether a token is available is asked of the vault, never stored. */
export const StoredProfile = Profile.omit({ hasToken: true, disabled: true })
export type StoredProfile = z.infer<typeof StoredProfile>

export const WindowBounds = z.object({
  x: z.number().int().optional(),
  y: z.number().int().optional(),
  width: z.number().int().min(200).max(20_000),
  height: z.number().int().min(150).max(20_000),
  maximized: z.boolean().optional(),
})
export type WindowBounds = z.infer<typeof WindowBounds>

/** Everything non-secret the app remembers, in one JSON file in the user-data folder. */
export const SettingsDocument = z.object({
  version: z.literal(1).default(1),
  profiles: z.array(StoredProfile).default([]),
  activeProfileId: z.string().nullable().default(null),
  settings: Settings.default(Settings.parse({})),
  windowBounds: WindowBounds.nullable().default(null),
})
export type SettingsDocument = z.infer<typeof SettingsDocument>

export function defaultDocument(): SettingsDocument {
  return SettingsDocument.parse({})
}

export interface SettingsFile {
  readonly path: string
  read(): SettingsDocument
  /** Applies a change and writes the file atomically; changes are applied one at a time, in order. */
  update(change: (doc: SettingsDocument) => SettingsDocument | void): Promise<SettingsDocument>
  /** What reading the file at open found wrong, and which profiles it had to drop. */
  readonly loadReport: SettingsLoadReport
  /** Resolves when every pending write has reached the disk. */
  flush(): Promise<void>
}

export interface SettingsLoadReport {
  notices: AppNotice[]
  /** Ids of profiles the file held that could not be kept: their secrets must go too. */
  droppedProfileIds: string[]
}

/**
 * Opens the settings file, field by field: an invalid setting falls back to its default alone, an
 * unreadable profile is dropped alone, each with a notice, and everything valid is kept. Only a
 * file that is not a JSON object is replaced whole. Either way the original is kept aside as
 * `settings.json.corrupt-<ts>` and the repaired file written, so the app always starts.
 */
export async function openSettingsFile(userDataDir: string, now: () => number = Date.now): Promise<SettingsFile> {
  const path = join(userDataDir, SETTINGS_FILE)
  const loadReport: SettingsLoadReport = { notices: [], droppedProfileIds: [] }
  let doc: SettingsDocument

  let text: string | null = null
  try {
    text = await readFile(path, 'utf8')
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err
  }
  if (text === null) {
    doc = defaultDocument()
  } else {
    const parsed = parseDocument(text)
    if (!parsed) {
      await rename(path, `${path}.corrupt-${now()}`)
      doc = defaultDocument()
      loadReport.notices.push({ kind: 'settings_reset' })
      loadReport.droppedProfileIds.push(...profileIdsIn(text))
      await writeFileAtomic(path, serialize(doc))
    } else {
      doc = parsed.doc
      loadReport.notices.push(...parsed.notices)
      loadReport.droppedProfileIds.push(...parsed.droppedProfileIds)
      if (parsed.notices.length > 0) {
        await copyFile(path, `${path}.corrupt-${now()}`)
        await writeFileAtomic(path, serialize(doc))
      }
    }
  }

  let chain: Promise<unknown> = Promise.resolve()
  return {
    path,
    read: () => structuredClone(doc),
    update(change) {
      const work = async () => {
        const draft = structuredClone(doc)
        const next = SettingsDocument.parse(change(draft) ?? draft)
        await writeFileAtomic(path, serialize(next))
        doc = next
        return structuredClone(next)
      }
      const next = chain.then(work, work)
      chain = next.catch(() => undefined)
      return next
    },
    loadReport,
    flush: async () => {
      await chain
    },
  }
}

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

const PROFILE_ID_MAX = 256

function labelOf(value: unknown): string | undefined {
  if (!isRecord(value) || typeof value.label !== 'string') return undefined
  return value.label.slice(0, NOTICE_LABEL_MAX)
}

/** Each part of the document parsed on its own; null when the text is not a JSON object at all. */
export function parseDocument(
  text: string,
): { doc: SettingsDocument; notices: AppNotice[]; droppedProfileIds: string[] } | null {
  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return null
  }
  if (!isRecord(raw)) return null
  const notices: AppNotice[] = []
  const fieldReset = (field: string) => notices.push({ kind: 'setting_reset', field })

  if (raw.version !== undefined && raw.version !== 1) fieldReset('version')

  const profiles: StoredProfile[] = []
  const dropped = new Set<string>()
  if (raw.profiles !== undefined && !Array.isArray(raw.profiles)) fieldReset('profiles')
  for (const entry of Array.isArray(raw.profiles) ? (raw.profiles as unknown[]) : []) {
    const parsed = StoredProfile.safeParse(entry)
    if (parsed.success && !profiles.some((p) => p.id === parsed.data.id)) {
      profiles.push(parsed.data)
      continue
    }
    notices.push({ kind: 'profile_dropped', label: labelOf(entry) })
    const id = isRecord(entry) ? entry.id : undefined
    if (typeof id === 'string' && id !== '' && id.length <= PROFILE_ID_MAX) dropped.add(id)
  }
  // A duplicate's id is still the kept profile's: its secrets stay.
  for (const p of profiles) dropped.delete(p.id)

  let activeProfileId: string | null = null
  if (typeof raw.activeProfileId === 'string') {
    activeProfileId = profiles.some((p) => p.id === raw.activeProfileId) ? raw.activeProfileId : null
  } else if (raw.activeProfileId !== undefined && raw.activeProfileId !== null) {
    fieldReset('activeProfileId')
  }

  const settings: Record<string, unknown> = {}
  const storedSettings = isRecord(raw.settings) ? raw.settings : {}
  if (raw.settings !== undefined && !isRecord(raw.settings)) fieldReset('settings')
  for (const [key, schema] of Object.entries(Settings.shape)) {
    const parsed = (schema as z.ZodType).safeParse(storedSettings[key])
    if (parsed.success) settings[key] = parsed.data
    else {
      settings[key] = (schema as z.ZodType).parse(undefined)
      fieldReset(`settings.${key}`)
    }
  }

  let windowBounds: WindowBounds | null = null
  if (raw.windowBounds !== undefined && raw.windowBounds !== null) {
    const parsed = WindowBounds.safeParse(raw.windowBounds)
    if (parsed.success) windowBounds = parsed.data
    else fieldReset('windowBounds')
  }

  const doc = SettingsDocument.parse({ version: 1, profiles, activeProfileId, settings, windowBounds })
  return { doc, notices, droppedProfileIds: [...dropped] }
}

/** Best effort for a file that is not JSON: the profile ids it still shows, so their secrets can go. */
function profileIdsIn(text: string): string[] {
  const ids = new Set<string>()
  for (const m of text.slice(0, 1_000_000).matchAll(/"id"\s*:\s*"([\w-]{1,64})"/g)) ids.add(m[1])
  return [...ids]
}

function serialize(doc: SettingsDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`
}
