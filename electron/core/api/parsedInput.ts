import { inputSchemaOf, type EndpointName } from '../../contract/endpoints'

/**
 * Inputs the contract's schema of an operation has already produced, each with the operation it was
 * parsed for. The router parses every input of IPC with that schema; the client, handed the very
 * object it produced for the same operation, sends it without parsing it a second time. Anything
 * else (a copy of it, the same object sent as another operation, an object the schema never made)
 * is parsed by the client as before, so an unparsed input still cannot reach the network.
 */
const parsedFor = new WeakMap<object, EndpointName>()

/**
 * Freezes plain data (objects and arrays of primitives, to any depth) and says whether it was all
 * plain: a marked input cannot change between the parse and the request. Anything else (a Date, a
 * Map) is not marked, and the client parses that input itself.
 */
function freezePlain(value: unknown): boolean {
  if (typeof value !== 'object' || value === null) return true
  const proto: unknown = Object.getPrototypeOf(value)
  if (!Array.isArray(value) && proto !== Object.prototype && proto !== null) return false
  for (const item of Object.values(value)) if (!freezePlain(item)) return false
  Object.freeze(value)
  return true
}

/**
 * The input parsed with the operation's contract schema (`safeParse`, with `{}` for no input); a
 * successful parse's data is frozen and marked as parsed for `name`.
 */
export function parseEndpointInput(name: EndpointName, raw: unknown) {
  const parsed = inputSchemaOf(name).safeParse(raw ?? {})
  if (parsed.success && typeof parsed.data === 'object' && parsed.data !== null && freezePlain(parsed.data))
    parsedFor.set(parsed.data, name)
  return parsed
}

/** Whether `input` is the very object the contract's schema of `name` produced (parseEndpointInput). */
export function isParsedInput(name: EndpointName, input: unknown): boolean {
  return typeof input === 'object' && input !== null && parsedFor.get(input) === name
}
