import { z } from 'zod'
import { MCP_AUTH_TYPES, MCP_URL_TYPES } from '../resources/mcp'
import { keptValueLoad, keptValueSave } from './channels'

/**
 * What the app keeps per profile that is not a cache of the service and not a draft: today, the MCP
 * connections added from this computer (the service has no list of them). Their URLs often carry
 * secrets (`/s/<secret>/`, `?api_key=`), so they live in the active profile's encrypted cache, never
 * in the renderer's storage, and go with the profile when it is removed.
 */

/** An MCP connection added from this computer. Header values are never kept (often credentials). */
export const RememberedMcpConnection = z.object({
  id: z.string().min(1).max(256),
  name: z.string().max(200),
  description: z.string().max(1000),
  mcpUrl: z.string().max(4000),
  urlType: z.enum(MCP_URL_TYPES),
  authType: z.enum(MCP_AUTH_TYPES),
  /** Whether the service said it connected when the connection was added (or after OAuth). */
  connected: z.boolean(),
  /** The OAuth authorization page the service gave, when it asked for one. */
  authorizationUrl: z.string().max(4000).optional(),
  addedAt: z.number().int().nonnegative(),
})
export type RememberedMcpConnection = z.infer<typeof RememberedMcpConnection>

/** The most connections kept for one agent (the newest first). */
export const MCP_CONNECTIONS_MAX = 200

/** Which setting, and of what: one key shape per kind of setting. */
export const ProfileSettingKey = z.discriminatedUnion('setting', [
  z.strictObject({ setting: z.literal('mcpConnections'), agentId: z.string().min(1).max(256) }),
])
export type ProfileSettingKey = z.infer<typeof ProfileSettingKey>

/** The value each kind of setting holds. */
export const profileSettingValues = {
  mcpConnections: z.array(RememberedMcpConnection).max(MCP_CONNECTIONS_MAX),
} as const satisfies Record<ProfileSettingKey['setting'], z.ZodType>

/** Any setting's value (each is checked against its own kind's schema in main). */
export const ProfileSettingValue = z.union([profileSettingValues.mcpConnections])

export const profileSettingChannels = {
  'profileSettings.load': keptValueLoad(
    ProfileSettingKey,
    ProfileSettingValue,
    'A per-profile setting of the active profile (MCP connections added from this computer), if one is kept',
  ),
  'profileSettings.save': keptValueSave(
    ProfileSettingKey,
    ProfileSettingValue,
    "Keeps a per-profile setting in the active profile's encrypted cache (in memory only while the cache is off)",
  ),
} as const
