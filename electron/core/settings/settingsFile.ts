import { readFile, rename } from 'node:fs/promises'
import { join } from 'node:path'
import { z } from 'zod'
import { Profile, Settings } from '../../contract/app/profiles'
import { writeFileAtomic } from './atomicFile'

export const SETTINGS_FILE = 'settings.json'

/** A profile as stored: whether a token is available is asked of the vault, never stored. */
export const StoredProfile = Profile.omit({ hasToken: true })
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
  /** 'settings_reset' once after a corrupt file was set aside, then undefined. */
  takeNotice(): 'settings_reset' | undefined
  /** Resolves when every pending write has reached the disk. */
  flush(): Promise<void>
}

/**
 * Opens the settings file. A file that is not JSON or does not pass the schema is moved aside
 * as `settings.json.corrupt-<ts>` and replaced by defaults, so the app always starts.
 */
export async function openSettingsFile(userDataDir: string, now: () => number = Date.now): Promise<SettingsFile> {
  const path = join(userDataDir, SETTINGS_FILE)
  let notice: 'settings_reset' | undefined
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
    if (parsed) {
      doc = parsed
    } else {
      await rename(path, `${path}.corrupt-${now()}`)
      doc = defaultDocument()
      notice = 'settings_reset'
      await writeFileAtomic(path, serialize(doc))
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
    takeNotice() {
      const n = notice
      notice = undefined
      return n
    },
    flush: async () => {
      await chain
    },
  }
}

function parseDocument(text: string): SettingsDocument | null {
  try {
    const result = SettingsDocument.safeParse(JSON.parse(text))
    return result.success ? result.data : null
  } catch {
    return null
  }
}

function serialize(doc: SettingsDocument): string {
  return `${JSON.stringify(doc, null, 2)}\n`
}
