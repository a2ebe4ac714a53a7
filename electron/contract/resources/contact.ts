import { z } from 'zod'
import { opt } from './common'

export const CustomFieldValue = z.looseObject({
  customFieldId: z.string(),
  value: opt(z.string()),
})
export type CustomFieldValue = z.infer<typeof CustomFieldValue>

export const Contact = z.looseObject({
  id: z.string(),
  name: opt(z.string()),
  /** Date of birth, epoch milliseconds. */
  birthday: opt(z.number()),
  gender: opt(z.string()),
  picture: opt(z.string()),
  phone: opt(z.string()),
  email: opt(z.string()),
  jobTitle: opt(z.string()),
  recipient: opt(z.string()),
  customFieldValues: opt(z.array(CustomFieldValue)),
})
export type Contact = z.infer<typeof Contact>

export const ContactInput = z.looseObject({
  id: z.string().optional(),
  name: z.string().trim().min(1, 'required').max(200),
  birthday: z.number().int().nullish(),
  gender: z.string().max(50).nullish(),
  picture: z.union([z.literal(''), z.url({ protocol: /^https?$/, message: 'must be an http(s) URL' })]).nullish(),
  phone: z
    .string()
    .max(50)
    .regex(/^[+()\d\s.@a-z-]*$/i, 'not a phone number')
    .nullish(),
  email: z.union([z.literal(''), z.email('not a valid e-mail address')]).nullish(),
  jobTitle: z.string().max(200).nullish(),
  recipient: z.string().max(200).nullish(),
  customFieldValues: z
    .array(
      z.object({
        customFieldId: z.string().min(1),
        value: z.string().nullable(),
      }),
    )
    .nullish(),
})
export type ContactInput = z.infer<typeof ContactInput>
