import { appChannels, type AppChannelName, type AppChannelOutput } from '../../../electron/contract/app'
import type { AppHandlerInput, ChannelContext, SomeAppHandlers } from '../../../electron/core/router'

/**
 * Calls one app handler the way the router does, for a test holding raw input: the input parsed by
 * the channel's schema first (defaults filled in), the answer parsed by its output schema after.
 * A schema's refusal is thrown as its ZodError; the handler's own failure as it threw it.
 */
export async function callHandler<N extends AppChannelName>(
  handlers: SomeAppHandlers,
  name: N,
  raw: unknown,
  ctx: ChannelContext,
): Promise<AppChannelOutput<N>> {
  const handler = handlers[name]
  if (!handler) throw new Error(`no handler for ${name}`)
  // The channel's own schema parsed it, which is what the handler of N is typed with.
  const input = appChannels[name].input.parse(raw) as AppHandlerInput<N>
  return appChannels[name].output.parse(await handler(input, ctx)) as AppChannelOutput<N>
}
