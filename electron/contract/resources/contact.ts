import { z } from 'zod'
import { httpUrl, opt, optStrings } from './common'

/**
 * A custom field's value: the vendor allows a string, an integer, a number, a boolean or null
 * (api-notes §3.10, §6.7). Reads accept all of them; what the app cannot use is shown as unknown.
 */
export const CustomFieldValueData = z.union([z.string(), z.number(), z.boolean(), z.null()])
export type CustomFieldValueData = z.infer<typeof CustomFieldValueData>

export const CustomFieldValue = z.looseObject({
  customFieldId: z.string(),
  value: CustomFieldValueData.optional(),
})
export type CustomFieldValue = z.infer<typeof CustomFieldValue>

export const Contact = z.looseObject({
  id: z.string(),
  name: opt(z.string()),
  /** Date of birth, epoch milliseconds; any int64 is vendor-valid. */
  birthday: opt(z.number()),
  ...optStrings(['gender', 'picture', 'phone', 'email', 'jobTitle', 'recipient']),
  customFieldValues: opt(z.array(CustomFieldValue)),
})
export type Contact = z.infer<typeof Contact>

/**
 * The PUT body, as the vendor's document allows it: nothing is required (a contact without a name
 * can be saved); `birthday`, `gender`, `picture`, `email` and `jobTitle` may be null (that clears
 * them), `name`, `phone`, `id` and `recipient` may not. A picture is an http(s) URL or null, never
 * "" (the document says `format: uri`); an e-mail is an address or null.
 */
export const ContactInput = z.looseObject({
  id: z.string().optional(),
  name: z.string().trim().min(1, 'required').max(200).optional(),
  birthday: z.number().int().nullish(),
  gender: z.string().max(50).nullish(),
  picture: httpUrl().nullish(),
  phone: z
    .string()
    .max(50)
    .regex(/^[+()\d\s.@a-z-]*$/i, 'not a phone number')
    .optional(),
  email: z.email('not a valid e-mail address').nullish(),
  jobTitle: z.string().max(200).nullish(),
  recipient: z.string().max(200).optional(),
  customFieldValues: z
    .array(
      z.looseObject({
        customFieldId: z.string().min(1),
        value: CustomFieldValueData.optional(),
      }),
    )
    .optional(),
})
export type ContactInput = z.infer<typeof ContactInput>
