import { endpoints, resourceOf, type EndpointDef, type EndpointName } from './endpoints'

/**
 * Which cached reads a successful write makes out of date, derived from the endpoint table, so the
 * main process's offline cache and the renderer's query cache agree without a hand-kept list.
 *
 * A read is affected when it belongs to the write's resource (or to one the write `invalidates`)
 * and every path parameter the two share names the same thing. Reads of the resource that do not
 * name the written item (its lists) are affected whatever they list.
 */

/**
 * What a path parameter identifies where the vendor's path names it otherwise: behavior history and
 * transfer rules call the agent `{id}`.
 */
const PARAM_IDENTIFIES: Partial<Record<EndpointName, Record<string, string>>> = {
  'behaviorHistory.list': { id: 'agentId' },
  'transferRules.list': { id: 'agentId' },
}

type PathInput = { path?: Record<string, string> } | undefined | null

/** The call's path parameters under the names of what they identify. */
function identities(name: EndpointName, input: PathInput): Record<string, string> {
  const aliases = PARAM_IDENTIFIES[name] ?? {}
  const out: Record<string, string> = {}
  for (const [param, value] of Object.entries(input?.path ?? {})) out[aliases[param] ?? param] = value
  return out
}

/** The resources whose reads a write of `name` can change. */
export function resourcesChangedBy(name: EndpointName): string[] {
  const def: EndpointDef = endpoints[name]
  return [resourceOf(name), ...(def.invalidates ?? [])]
}

/**
 * A predicate over reads: true for each cached read (`readName` with `readInput`) that the write
 * `writeName` with `writeInput` may have changed.
 */
export function readsAffectedBy(
  writeName: EndpointName,
  writeInput: unknown,
): (readName: EndpointName, readInput: unknown) => boolean {
  const resources = new Set(resourcesChangedBy(writeName))
  const written = identities(writeName, writeInput as PathInput)
  return (readName, readInput) => {
    const def: EndpointDef = endpoints[readName]
    if (!def.cacheable || !resources.has(resourceOf(readName))) return false
    const read = identities(readName, readInput as PathInput)
    return Object.entries(read).every(([what, value]) => !(what in written) || written[what] === value)
  }
}

/**
 * A predicate over reads: true for each cached read that a successful delete `writeName` with
 * `writeInput` made about a thing that no longer exists. Such a read is forgotten, never asked
 * again (the service would only answer "not found"): it is one the delete affects whose path names
 * every thing the delete named, with the same values. Reads that list many things are not
 * forgotten; they are refreshed like after any write.
 */
export function readsForgottenBy(
  writeName: EndpointName,
  writeInput: unknown,
): (readName: EndpointName, readInput: unknown) => boolean {
  const def: EndpointDef = endpoints[writeName]
  const written = Object.entries(identities(writeName, writeInput as PathInput))
  if (def.method !== 'DELETE' || written.length === 0) return () => false
  const affected = readsAffectedBy(writeName, writeInput)
  return (readName, readInput) => {
    if (!affected(readName, readInput)) return false
    const read = identities(readName, readInput as PathInput)
    return written.every(([what, value]) => read[what] === value)
  }
}
