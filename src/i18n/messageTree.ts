export type MessageTree = { [key: string]: string | MessageTree }

/** Feature files by path (`../en/agents.ts`) to one tree keyed by feature (`agents`). */
export function messagesFromFiles(files: Record<string, { default: MessageTree }>): Record<string, MessageTree> {
  const out: Record<string, MessageTree> = {}
  for (const [path, mod] of Object.entries(files)) {
    const feature = path.slice(path.lastIndexOf('/') + 1).replace(/\.ts$/, '')
    out[feature] = mod.default
  }
  return out
}
