import { z } from 'zod'

/**
 * The app's own IPC channels (not API operations). Each domain declares its channels in its own
 * file as `{ 'domain.op': appChannel(input, output) }`; `appChannels` in ./index merges them.
 */
export interface AppChannelDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I
  output: O
  summary: string
}

export function appChannel<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
  summary: string,
): AppChannelDef<I, O> {
  return { input, output, summary }
}

export const NoInput = z.undefined().or(z.object({}).strict()).optional()

/**
 * The name the renderer gives a job it may stop (an export, a sync, a test run), so it can stop it
 * before the answer comes.
 */
export const JobId = z.string().min(1).max(100)

/** A channel that stops the job the renderer named: `{ [id]: name }` in, `{ [flag]: whether one was running }` out. */
export function stopChannel<K extends string, F extends string>(id: K, flag: F, summary: string) {
  return appChannel(
    z.strictObject({ [id]: JobId } as Record<K, typeof JobId>),
    z.object({ [flag]: z.boolean() } as Record<F, z.ZodBoolean>),
    summary,
  )
}

/**
 * What became of a file the user saves: the save dialog's outcome, or `content` where there is no
 * dialog (the browser preview): the renderer then saves the `content` that comes back.
 */
export const SaveOutcome = z.enum(['saved', 'cancelled', 'content'])

/** The answer of a channel that saves a file: its outcome, its name, and what else the channel tells. */
export function savedFile<S extends Record<string, z.ZodType>>(extra: S) {
  return z.object({ outcome: SaveOutcome, fileName: z.string(), content: z.string().optional(), ...extra })
}

/** Where a value kept per profile went: the profile's encrypted cache, or memory while that cache is off. */
export const KeptWhere = z.enum(['encrypted', 'memory'])

/** Reads a value kept per profile (a draft, a per-profile setting) by its key, if one is kept. */
export function keptValueLoad<K extends z.ZodType, V extends z.ZodType>(key: K, value: V, summary: string) {
  return appChannel(z.strictObject({ key }), z.object({ found: z.boolean(), value: value.nullable() }), summary)
}

/** Keeps a value per profile under its key, and says where it went. */
export function keptValueSave<K extends z.ZodType, V extends z.ZodType>(key: K, value: V, summary: string) {
  return appChannel(z.strictObject({ key, value }), z.object({ kept: KeptWhere }), summary)
}
