import { z } from 'zod'
import { opt, openEnum, optStrings } from './common'
import { CUSTOM_FIELD_TYPES } from './intentions'

export const CustomField = z.looseObject({
  id: z.string(),
  ...optStrings(['name', 'jsonName', 'description']),
  createdAt: opt(z.union([z.string(), z.number()])),
  updatedAt: opt(z.union([z.string(), z.number()])),
  type: opt(openEnum(CUSTOM_FIELD_TYPES)),
  archived: opt(z.boolean()),
})
export type CustomField = z.infer<typeof CustomField>

const jsonName = z
  .string()
  .trim()
  .min(1, 'required')
  .max(100)
  .regex(/^[A-Za-z_][A-Za-z0-9_]*$/, 'letters, digits and _ only, not starting with a digit')

/**
 * POST body: `name`, `jsonName`, `type` and an optional `description` (api-notes §3.10). The
 * document's schema also lists id, createdAt, updatedAt and archived: the service assigns those.
 */
export const CustomFieldCreateInput = z.strictObject({
  name: z.string().trim().min(1, 'required').max(200),
  jsonName,
  description: z.string().max(1000).optional(),
  type: z.enum(CUSTOM_FIELD_TYPES),
})
export type CustomFieldCreateInput = z.infer<typeof CustomFieldCreateInput>

/**
 * PUT body: the document lists `id, name, type, jsonName` (the page adds description). Whether the
 * update is partial is not documented: the app sends the whole field as the form holds it.
 */
export const CustomFieldUpdateInput = z.strictObject({ id: z.string().optional(), ...CustomFieldCreateInput.shape })
export type CustomFieldUpdateInput = z.infer<typeof CustomFieldUpdateInput>

/** `archived` is a query parameter (default false): true archives, false brings the field back. */
export const ToggleArchiveQuery = z.object({
  archived: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .transform((v) => v === true || v === 'true')
    .optional(),
})
