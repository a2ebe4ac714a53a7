/**
 * Where an older version kept the MCP connections added from this computer: the renderer's
 * localStorage, in the clear, under one key per profile and agent. Kept apart from the MCP store
 * (no schema library here), so the app's first screen can ask whether anything is left to move
 * without loading that store.
 */
export const MCP_LEGACY_PREFIX = 'agent-desk:mcp:'

/** The localStorage key an older version kept an agent's connections under. */
export function mcpMemoryKey(profileId: string, agentId: string): string {
  return `${MCP_LEGACY_PREFIX}${profileId}:${agentId}`
}

/** Whether an older version left any MCP connections in `storage`. */
export function hasLegacyMcpMemory(storage: Storage | undefined = globalThis.localStorage): boolean {
  if (!storage) return false
  for (let i = 0; i < storage.length; i++) if (storage.key(i)?.startsWith(MCP_LEGACY_PREFIX)) return true
  return false
}
