import { z } from 'zod'

/**
 * The app's own IPC channels (not API operations). Each domain declares its channels in its own
 * file as `{ 'domain.op': appChannel(input, output) }`; `appChannels` in ./index merges them.
 */
export interface AppChannelDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType> {
  input: I
  output: O
  summary: string
}

export function appChannel<I extends z.ZodType, O extends z.ZodType>(
  input: I,
  output: O,
  summary: string,
): AppChannelDef<I, O> {
  return { input, output, summary }
}

export const NoInput = z.undefined().or(z.object({}).strict()).optional()
