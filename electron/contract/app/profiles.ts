import { z } from 'zod'
import { Workspace } from '../resources/workspace'
import { appChannel, NoInput } from './channels'
import { ProfileDisabledReason } from './notices'

export const DEFAULT_BASE_URL = 'https://api.gptmaker.ai'

/** Whether a host name is this computer: `localhost`, 127.0.0.0/8 or `[::1]`. */
export function isLoopbackHost(hostname: string): boolean {
  return hostname === 'localhost' || hostname === '[::1]' || /^127(\.\d{1,3}){3}$/.test(hostname)
}

/**
 * The rule of a service address, for the connect form and for every profile read from the
 * settings file: https, or http only on this computer (the token must not travel in clear), and
 * no user name or password in it. Null when it passes.
 */
export function baseUrlProblem(raw: string): ProfileDisabledReason | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return 'invalid_address'
  }
  if (url.username || url.password) return 'invalid_address'
  if (url.protocol === 'https:') return null
  if (url.protocol === 'http:') return isLoopbackHost(url.hostname) ? null : 'insecure_address'
  return 'invalid_address'
}

const BaseUrl = z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' }).max(500)
/** Tokens are write-only from the renderer's side: they go in, never come back. */
const Token = z.string().trim().min(1, 'required').max(4096)

export const Profile = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(['service', 'demo']),
  baseUrl: z.string(),
  workspaceId: z.string(),
  workspaceName: z.string().optional(),
  /** false: the token lives in memory until the app quits. */
  rememberToken: z.boolean(),
  /** Whether a token is available for this profile right now (never the token itself). */
  hasToken: z.boolean(),
  createdAt: z.number(),
  /** Set when the stored address fails the rule (`baseUrlProblem`): the profile cannot be used. */
  disabled: ProfileDisabledReason.optional(),
})
export type Profile = z.infer<typeof Profile>

export const ProfilesState = z.object({
  profiles: z.array(Profile),
  activeProfileId: z.string().nullable(),
})
export type ProfilesState = z.infer<typeof ProfilesState>

export const VaultStatus = z.object({
  backend: z.enum(['keytar', 'safeStorage', 'memory']),
  /** Electron safeStorage on Linux with the `basic_text` backend: hardly better than clear text. */
  weak: z.boolean(),
  detail: z.string().optional(),
  /** The OS keychain has not answered yet: secrets are asked of it once it does. */
  waiting: z.boolean().optional(),
  /** The OS keychain was wanted but did not answer: what it holds cannot be read this launch. */
  fallbackFrom: z.literal('keytar').optional(),
})
export type VaultStatus = z.infer<typeof VaultStatus>

/** Bounds of the offline storage budget (MiB): from a few chats' worth to far beyond any workspace. */
export const OFFLINE_BUDGET_MIN_MB = 256
export const OFFLINE_BUDGET_MAX_MB = 1024 * 1024

export const Settings = z.object({
  locale: z.enum(['system', 'en', 'pt-BR']).default('system'),
  theme: z.enum(['system', 'light', 'dark']).default('system'),
  /** Minutes between background refreshes of synced chats; 0 turns it off. */
  refreshIntervalMinutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .default(15),
  autoUpdate: z.boolean().default(true),
  /** An OS notification for a new customer message in a chat the operator answers (notifications.show). */
  liveChatNotify: z.boolean().default(true),
  /** The offline copy's storage budget over all profiles, in MiB: a sync stops there (with a note). */
  offlineBudgetMB: z.number().int().min(OFFLINE_BUDGET_MIN_MB).max(OFFLINE_BUDGET_MAX_MB).default(2048),
})
export type Settings = z.infer<typeof Settings>

/** A change to some settings. No defaults here: zod fills defaults even in `.partial()`, which would reset what was not sent. */
export const SettingsPatch = z.strictObject({
  locale: z.enum(['system', 'en', 'pt-BR']).optional(),
  theme: z.enum(['system', 'light', 'dark']).optional(),
  refreshIntervalMinutes: z
    .number()
    .int()
    .min(0)
    .max(24 * 60)
    .optional(),
  autoUpdate: z.boolean().optional(),
  liveChatNotify: z.boolean().optional(),
  offlineBudgetMB: z.number().int().min(OFFLINE_BUDGET_MIN_MB).max(OFFLINE_BUDGET_MAX_MB).optional(),
})
export type SettingsPatch = z.infer<typeof SettingsPatch>

export const AppInfo = z.object({
  version: z.string(),
  platform: z.string(),
  /** The OS locale, e.g. `pt-BR`; the renderer maps any `pt*` to pt-BR. */
  systemLocale: z.string(),
  /** Running in the browser preview rather than the Electron shell. */
  preview: z.boolean(),
})
export type AppInfo = z.infer<typeof AppInfo>

export const profileChannels = {
  'profiles.list': appChannel(NoInput, ProfilesState, 'Profiles and the active one'),
  'profiles.testConnection': appChannel(
    z.strictObject({ baseUrl: BaseUrl, token: Token }),
    z.object({ workspaces: z.array(Workspace) }),
    'Check a base URL and token by listing the workspaces; nothing is saved',
  ),
  'profiles.create': appChannel(
    z.strictObject({
      label: z.string().trim().max(100).optional(),
      baseUrl: BaseUrl,
      token: Token,
      workspaceId: z.string().min(1, 'required').max(256),
      workspaceName: z.string().max(200).optional(),
      rememberToken: z.boolean().default(true),
    }),
    Profile,
    'Test the connection, then save a profile and its token, and make it active',
  ),
  'profiles.openDemo': appChannel(NoInput, Profile, 'Start the embedded service and make the demo profile active'),
  'profiles.activate': appChannel(z.strictObject({ profileId: z.string().min(1).max(256) }), Profile, 'Switch profile'),
  'profiles.remove': appChannel(
    z.strictObject({ profileId: z.string().min(1).max(256) }),
    ProfilesState,
    'Remove a profile with its secrets and offline data',
  ),
  'profiles.setToken': appChannel(
    z.strictObject({
      profileId: z.string().min(1).max(256),
      token: Token,
      rememberToken: z.boolean().optional(),
    }),
    Profile,
    'Replace the token of a profile (after a 403); tested before it is stored',
  ),
  'vault.status': appChannel(NoInput, VaultStatus, 'Which backend holds the secrets'),
  'settings.get': appChannel(
    NoInput,
    z.object({ settings: Settings }),
    'Non-secret settings (what went wrong reading them comes through notices.take)',
  ),
  'settings.update': appChannel(SettingsPatch, Settings, 'Change some settings'),
  'app.info': appChannel(NoInput, AppInfo, 'Version, platform and the OS locale'),
  'shell.openExternal': appChannel(
    z.strictObject({ url: z.string().max(4096) }),
    z.object({ opened: z.boolean() }),
    'Open an https link in the system browser (allow-listed)',
  ),
} as const
