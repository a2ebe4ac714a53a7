import { z } from 'zod'
import { byText, httpUrl, opt, optStrings, openEnum, PageQuery } from './common'

export const TRAINING_TYPES = ['TEXT', 'WEBSITE', 'VIDEO', 'DOCUMENT'] as const
export const TrainingType = z.enum(TRAINING_TYPES)
export type TrainingType = z.infer<typeof TrainingType>
export const TRAINING_SUB_PAGES = ['DISABLED', 'ACTIVE'] as const
export const TRAINING_INTERVALS = [
  'THIRTY_SECONDS',
  'NEVER',
  'ONE_HOUR',
  'FOUR_HOUR',
  'EIGHT_HOUR',
  'TWELVE_HOUR',
  'ONE_DAY',
  'ONE_WEEK',
  'ONE_MONTH',
] as const

/**
 * A list item. The document draws each type with its own keys; live items carry every key of every
 * type, unused ones null (api-notes §3.3). Both are read.
 */
export const Training = z.looseObject({
  id: z.string(),
  type: openEnum(TRAINING_TYPES),
  ...optStrings(['text', 'image', 'audio', 'video', 'website', 'trainingSubPages', 'trainingInterval']),
  ...optStrings(['documentUrl', 'documentName', 'documentMimetype', 'callbackUrl']),
})
export type Training = z.infer<typeof Training>

/** An optional address: left out when there is none (the vendor's fields are strings, never null). */
const optionalHttpUrl = httpUrl().optional()
/**
 * A TEXT training's image: an address, or `""` for none. The vendor's `image` is any string, and
 * another client of the same service may well send the empty one; the app itself leaves it out.
 */
const optionalImage = z.union([httpUrl(), z.literal('')]).optional()

export const TrainingListQuery = PageQuery.extend({ type: TrainingType, ...byText })

/**
 * Only TEXT trainings can be updated; the others are deleted and created again. An image left out
 * (or `""`) is removed (the body replaces the training's text and image).
 */
export const TrainingUpdateInput = z.looseObject({
  type: z.literal('TEXT'),
  text: z.string().trim().min(1, 'required').max(1028, 'at most 1028 characters'),
  image: optionalImage,
})
export type TrainingUpdateInput = z.infer<typeof TrainingUpdateInput>

/** A TEXT training is created with the update's body, and may name a callback like the others. */
export const TrainingCreateInput = z.discriminatedUnion('type', [
  TrainingUpdateInput.extend({ callbackUrl: optionalHttpUrl }),
  z.looseObject({
    type: z.literal('WEBSITE'),
    website: httpUrl(),
    trainingSubPages: z.enum(TRAINING_SUB_PAGES).optional(),
    trainingInterval: z.enum(TRAINING_INTERVALS).optional(),
    callbackUrl: optionalHttpUrl,
  }),
  z.looseObject({
    type: z.literal('VIDEO'),
    video: httpUrl(),
    callbackUrl: optionalHttpUrl,
  }),
  z.looseObject({
    type: z.literal('DOCUMENT'),
    documentUrl: httpUrl(),
    documentName: z.string().trim().min(1, 'required'),
    documentMimetype: z.string().trim().min(1, 'required'),
    callbackUrl: optionalHttpUrl,
  }),
])
export type TrainingCreateInput = z.infer<typeof TrainingCreateInput>

/** Docs say `{success}`; live answers `{id, tenant}`. */
export const TrainingCreateResult = z.looseObject({
  success: opt(z.boolean()),
  ...optStrings(['id', 'tenant']),
})
