import { z } from 'zod'
import { INTENTION_FIELD_TYPES, IntentionInput } from './intention'

/**
 * The POST body. The document requires `description`, `type`, `httpMethod`, `url`,
 * `autoGenerateParams` and `autoGenerateBody`, and every sub-field of a field (name, jsonName,
 * description, type, required). The rest is the PUT body's rules (never a null).
 */
export const IntentionCreateInput = IntentionInput.extend({
  httpMethod: z.enum(['GET', 'POST']),
  autoGenerateParams: z.boolean(),
  autoGenerateBody: z.boolean(),
  fields: z
    .array(
      z.strictObject({
        name: z.string().trim().min(1, 'required'),
        jsonName: z
          .string()
          .trim()
          .min(1, 'required')
          .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'letters, digits and _ only, not starting with a digit'),
        description: z.string().trim().min(1, 'required').max(255, 'at most 255 characters'),
        type: z.enum(INTENTION_FIELD_TYPES),
        required: z.boolean(),
      }),
    )
    .optional(),
}).omit({ id: true })
export type IntentionCreateInput = z.infer<typeof IntentionCreateInput>
