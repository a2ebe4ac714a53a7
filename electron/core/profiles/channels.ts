import { randomBytes } from 'node:crypto'
import { join } from 'node:path'
import { type AppInfo, baseUrlProblem, profileChannels, type Profile, type Settings } from '../../contract/app/profiles'
import { AppFailure, appError, type AppError } from '../../contract/app/result'
import type { Workspace } from '../../contract/resources/workspace'
import type { ApiClient } from '../api'
import { assertDriverLoads, CacheUnavailable, type CacheDriverOptions } from '../cache/cacheDatabase'
import { externalUrlToOpen } from '../externalLinks'
import type { AppHandlers } from '../router'
import type { SettingsFile } from '../settings/settingsFile'
import type { SecretStore } from '../vault/secretStore'
import { DEMO_PROFILE_ID, newProfileId, type ProfileStore } from './profileStore'

export type ProfileChannelName = keyof typeof profileChannels

export type ProfileHandlers = AppHandlers<ProfileChannelName>

/** The embedded service the demo profile talks to. */
export interface DemoService {
  url: string
  token: string
  workspaceId: string
  workspaceName?: string
  close(): Promise<void> | void
}

/** Starts the embedded service (the shell and the preview pass `startSandbox`; core does not import it). */
export type StartDemoService = (opts: { dbFile: string; token: string }) => Promise<DemoService>

export const DEMO_DB_FILE = 'demo.sqlite'

export interface ProfileHandlerDeps {
  profiles: ProfileStore
  file: SettingsFile
  secrets: SecretStore
  userDataDir: string
  /** A short-lived client for a base URL and a token that is not stored yet. */
  probeClient(baseUrl: string, token: string): ApiClient
  demo: DemoLauncher
  openExternal(url: string): Promise<void> | void
  appInfo(): AppInfo | Promise<AppInfo>
  onProfileRemoved?(profileId: string): Promise<void> | void
  now?: () => number
}

/** Starts the embedded service once per run and keeps it; every openDemo and API call shares it. */
export interface DemoLauncher {
  ensure(): Promise<DemoService>
  running(): DemoService | null
  close(): Promise<void>
}

export function createDemoLauncher(
  start: StartDemoService,
  userDataDir: string,
  driver: CacheDriverOptions = {},
): DemoLauncher {
  let pending: Promise<DemoService> | null = null
  let service: DemoService | null = null
  return {
    ensure() {
      const token = randomBytes(24).toString('base64url')
      // The demo keeps its workspace in SQLite: a module that cannot load is said as such, not as
      // "could not start".
      pending ??= Promise.resolve()
        .then(() => assertDriverLoads(driver))
        .then(() => start({ dbFile: join(userDataDir, DEMO_DB_FILE), token }))
        .then(
          (s) => (service = s),
          (err: unknown) => {
            pending = null
            const detail = (err instanceof Error ? err.message : String(err)).replaceAll(token, '…')
            const reason = err instanceof CacheUnavailable && err.problem === 'driver' ? 'sqlite_driver' : 'demo_start'
            console.error(`[demo] the embedded service could not start (${reason}): ${detail}`)
            throw new AppFailure(appError('internal', 'The demo service could not start', { reason, detail }))
          },
        )
      return pending
    },
    running: () => service,
    async close() {
      const s = service ?? (pending ? await pending.catch(() => null) : null)
      pending = null
      service = null
      await s?.close()
    },
  }
}

/** The base URL as stored: no trailing slash, no query, no credentials; http only for this computer. */
export function normalizeBaseUrl(raw: string): string {
  const url = new URL(raw)
  if (url.username || url.password)
    throw fieldFailure('baseUrl', 'The address must not contain a user name or password')
  // The same rule every stored profile is checked with when the settings are read.
  if (baseUrlProblem(raw) === 'insecure_address')
    throw fieldFailure(
      'baseUrl',
      'Use https: the token must not travel unencrypted (http is allowed only for this computer)',
    )
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`
}

function fieldFailure(field: string, message: string, extra: Partial<AppError> = {}): AppFailure {
  return new AppFailure(appError('validation', message, { ...extra, fields: { [field]: message } }))
}

/** Points the form at the field to fix: a refused token, or an address that does not answer. */
function withField(error: AppError): AppError {
  if (error.fields) return error
  if (error.kind === 'auth') return { ...error, fields: { token: 'The service refused this token' } }
  if (
    error.kind === 'network' ||
    error.kind === 'timeout' ||
    error.kind === 'not_found' ||
    error.kind === 'bad_response'
  )
    return { ...error, fields: { baseUrl: 'No Agent Management Service answered at this address' } }
  return error
}

export function createProfileHandlers(deps: ProfileHandlerDeps): ProfileHandlers {
  const { profiles, file, secrets } = deps
  const now = deps.now ?? Date.now

  async function listWorkspaces(baseUrl: string, token: string): Promise<Workspace[]> {
    try {
      return await deps.probeClient(baseUrl, token).call('workspaces.list')
    } catch (err) {
      if (err instanceof AppFailure) throw new AppFailure(withField(err.error))
      throw err
    }
  }

  async function openDemo(): Promise<Profile> {
    const service = await deps.demo.ensure()
    const existing = profiles.get(DEMO_PROFILE_ID)
    await profiles.save(
      {
        id: DEMO_PROFILE_ID,
        label: existing?.label ?? 'Demo workspace',
        kind: 'demo',
        // The embedded service listens on a new port at each launch.
        baseUrl: service.url.replace(/\/+$/, ''),
        workspaceId: service.workspaceId,
        workspaceName: service.workspaceName ?? existing?.workspaceName,
        rememberToken: false,
        createdAt: existing?.createdAt ?? now(),
      },
      service.token,
    )
    return profiles.activate(DEMO_PROFILE_ID)
  }

  return {
    'profiles.list': () => profiles.list(),

    'profiles.testConnection': async ({ baseUrl, token }) => ({
      workspaces: await listWorkspaces(normalizeBaseUrl(baseUrl), token),
    }),

    'profiles.create': async (input) => {
      const baseUrl = normalizeBaseUrl(input.baseUrl)
      const workspaces = await listWorkspaces(baseUrl, input.token)
      const workspace = workspaces.find((w) => w.id === input.workspaceId)
      if (!workspace) throw fieldFailure('workspaceId', 'This token has no access to that workspace')
      const workspaceName = input.workspaceName ?? workspace.name
      const saved = await profiles.save(
        {
          id: newProfileId(),
          label: input.label || workspaceName || new URL(baseUrl).host,
          kind: 'service',
          baseUrl,
          workspaceId: workspace.id,
          workspaceName,
          rememberToken: input.rememberToken,
          createdAt: now(),
        },
        input.token,
      )
      return profiles.activate(saved.id)
    },

    'profiles.openDemo': () => openDemo(),

    'profiles.activate': async ({ profileId }) => {
      if (profileId === DEMO_PROFILE_ID && profiles.get(DEMO_PROFILE_ID)) return openDemo()
      return profiles.activate(profileId)
    },

    'profiles.remove': async ({ profileId }) => {
      const state = await profiles.remove(profileId)
      if (profileId === DEMO_PROFILE_ID) await deps.demo.close()
      try {
        await deps.onProfileRemoved?.(profileId)
      } catch (err) {
        // The profile and its secrets are gone already; leftover offline data is the cache's to sweep.
        console.error(`[profiles] cleanup after removal failed: ${err instanceof Error ? err.name : 'error'}`)
      }
      return state
    },

    'profiles.setToken': async ({ profileId, token, rememberToken }) => {
      const profile = await profiles.describe(profileId)
      // A disabled profile's address is not trusted with a token, not even to test one.
      if (profile.disabled) return profiles.setToken(profileId, token, rememberToken)
      const workspaces = await listWorkspaces(profile.baseUrl, token)
      if (!workspaces.some((w) => w.id === profile.workspaceId))
        throw fieldFailure('token', 'This token has no access to the workspace of this profile')
      return profiles.setToken(profileId, token, rememberToken)
    },

    'vault.status': async () => secrets.status(),

    'settings.get': async () => ({ settings: file.read().settings }),

    'settings.update': async (change) => {
      const doc = await file.update((d) => {
        d.settings = { ...d.settings, ...(change as Partial<Settings>) }
      })
      return doc.settings
    },

    'app.info': async () => deps.appInfo(),

    'shell.openExternal': async ({ url }) => {
      // Exactly the URL that was checked, as the check read it.
      const checked = externalUrlToOpen(url)
      if (checked === null) return { opened: false }
      await deps.openExternal(checked)
      return { opened: true }
    },
  }
}
