import type { EndpointInput, EndpointName, EndpointOutput, Result } from '@contract'
import { useDeskApi } from '@/api'

type Method = (input: unknown) => Promise<Result<unknown>>

/** Calls an operation of the endpoint table by its name (`agents.list` → `window.api.agents.list`). */
export function callEndpoint<N extends EndpointName>(
  name: N,
  input: EndpointInput<N>,
): Promise<Result<EndpointOutput<N>>> {
  const dot = name.indexOf('.')
  const groups = useDeskApi() as unknown as Record<string, Record<string, Method>>
  const method = groups[name.slice(0, dot)]?.[name.slice(dot + 1)]
  if (!method) throw new Error(`window.api has no ${name}`)
  return method(input) as Promise<Result<EndpointOutput<N>>>
}
