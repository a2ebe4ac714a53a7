import { z } from 'zod'

export const ERROR_KINDS = [
  'auth',
  'validation',
  'not_found',
  'server',
  'network',
  'timeout',
  'offline',
  'bad_response',
  'cancelled',
  'internal',
] as const
export type ErrorKind = (typeof ERROR_KINDS)[number]

/** The one error shape that crosses IPC. Never carries the token. */
export const AppError = z.object({
  kind: z.enum(ERROR_KINDS),
  message: z.string(),
  status: z.number().int().optional(),
  endpoint: z.string().optional(),
  /** Field-level problems of a validation error: dotted path -> message. */
  fields: z.record(z.string(), z.string()).optional(),
  /** A stable code for what went wrong where `kind` is too coarse (the renderer words it). */
  reason: z.string().max(64).optional(),
  /** The underlying message, for the user to copy into a report; never shown as the explanation. */
  detail: z.string().max(4000).optional(),
  /** Where the service redirected a call the app does not follow (origin and path only). */
  redirectTo: z.string().optional(),
})
export type AppError = z.infer<typeof AppError>

export const ResultMeta = z.object({
  source: z.enum(['network', 'cache']),
  /** Epoch ms when the data was fetched from the service. */
  fetchedAt: z.number(),
  stale: z.boolean().optional(),
  offline: z.boolean().optional(),
})
export type ResultMeta = z.infer<typeof ResultMeta>

export type Result<T> = { ok: true; data: T; meta?: ResultMeta } | { ok: false; error: AppError }

export function appError(
  kind: ErrorKind,
  message: string,
  extra: Partial<Omit<AppError, 'kind' | 'message'>> = {},
): AppError {
  return { kind, message, ...extra }
}

/** An Error that carries an AppError, thrown inside main and turned into a Result at the boundary. */
export class AppFailure extends Error {
  constructor(readonly error: AppError) {
    super(error.message)
    this.name = 'AppFailure'
  }
}

export function isAppError(v: unknown): v is AppError {
  return AppError.safeParse(v).success
}

/** Flattens zod issues into `{ 'path.to.field': message }` for the form beside each field. */
export function fieldErrors(
  issues: readonly { path: readonly PropertyKey[]; message: string }[],
): Record<string, string> {
  const out: Record<string, string> = {}
  for (const issue of issues) {
    const key = issue.path.map(String).join('.') || '_'
    out[key] ??= issue.message
  }
  return out
}
