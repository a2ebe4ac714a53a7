import { z } from 'zod'

export const Workspace = z.looseObject({ id: z.string(), name: z.string() })
export type Workspace = z.infer<typeof Workspace>
