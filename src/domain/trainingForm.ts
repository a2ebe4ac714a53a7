import type { Training, TrainingCreateInput, TrainingType, TrainingUpdateInput } from '@contract'

/** The longest TEXT training the contract (and the real service) accepts. */
export const TRAINING_TEXT_MAX_LENGTH = 1028

/** Every field of every type as the inputs hold them; the type picks which ones are sent. */
export interface TrainingDraft {
  type: TrainingType
  text: string
  image: string
  website: string
  trainingSubPages: 'ACTIVE' | 'DISABLED'
  trainingInterval: string
  video: string
  documentUrl: string
  documentName: string
  documentMimetype: string
  callbackUrl: string
}

export function emptyTrainingDraft(type: TrainingType): TrainingDraft {
  return {
    type,
    text: '',
    image: '',
    website: '',
    trainingSubPages: 'DISABLED',
    trainingInterval: 'NEVER',
    video: '',
    documentUrl: '',
    documentName: '',
    documentMimetype: 'application/pdf',
    callbackUrl: '',
  }
}

/** A form filled from a training (to edit a TEXT one, or to start its replacement). */
export function trainingDraftOf(training: Training): TrainingDraft {
  const type = (['TEXT', 'WEBSITE', 'VIDEO', 'DOCUMENT'] as const).find((t) => t === training.type) ?? 'TEXT'
  const empty = emptyTrainingDraft(type)
  return {
    type,
    text: training.text ?? '',
    image: training.image ?? '',
    website: training.website ?? '',
    trainingSubPages: training.trainingSubPages === 'ACTIVE' ? 'ACTIVE' : 'DISABLED',
    trainingInterval: training.trainingInterval ?? empty.trainingInterval,
    video: training.video ?? '',
    documentUrl: training.documentUrl ?? '',
    documentName: training.documentName ?? '',
    documentMimetype: training.documentMimetype ?? empty.documentMimetype,
    callbackUrl: training.callbackUrl ?? '',
  }
}

/**
 * The create body of the draft's type: only that type's fields; optional addresses only when
 * filled, so the service keeps its default.
 */
export function trainingCreateInputOf(draft: TrainingDraft): TrainingCreateInput {
  const callback = draft.callbackUrl.trim() ? { callbackUrl: draft.callbackUrl.trim() } : {}
  switch (draft.type) {
    case 'TEXT':
      return {
        type: 'TEXT',
        text: draft.text,
        ...(draft.image.trim() ? { image: draft.image.trim() } : {}),
        ...callback,
      }
    case 'WEBSITE':
      return {
        type: 'WEBSITE',
        website: draft.website.trim(),
        trainingSubPages: draft.trainingSubPages,
        trainingInterval: draft.trainingInterval as Extract<
          TrainingCreateInput,
          { type: 'WEBSITE' }
        >['trainingInterval'],
        ...callback,
      }
    case 'VIDEO':
      return { type: 'VIDEO', video: draft.video.trim(), ...callback }
    case 'DOCUMENT':
      return {
        type: 'DOCUMENT',
        documentUrl: draft.documentUrl.trim(),
        documentName: draft.documentName,
        documentMimetype: draft.documentMimetype,
        ...callback,
      }
  }
}

/**
 * The update body (TEXT only): the body replaces text and image, so an emptied image is left out,
 * which removes it (the vendor's `image` is a string, never null).
 */
export function trainingUpdateInputOf(draft: TrainingDraft): TrainingUpdateInput {
  const image = draft.image.trim()
  return { type: 'TEXT', text: draft.text, ...(image ? { image } : {}) }
}

/** A short way to name a training in a question ("Delete …?"): trainings have no name of their own. */
export function trainingSubject(training: Training, maxLength = 60): string {
  const raw =
    training.type === 'TEXT'
      ? (training.text ?? '')
      : training.type === 'WEBSITE'
        ? (training.website ?? '')
        : training.type === 'VIDEO'
          ? (training.video ?? '')
          : training.documentName || training.documentUrl || ''
  const oneLine = raw.replace(/\s+/g, ' ').trim()
  return oneLine.length > maxLength ? `${oneLine.slice(0, maxLength - 1)}…` : oneLine
}

/** File types offered for a document training, by the short name their label is kept under. */
export const DOCUMENT_MIME_TYPES = {
  pdf: 'application/pdf',
  text: 'text/plain',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  csv: 'text/csv',
} as const
