import type { AppError } from '@contract'

/** The sentence telling the user why a save failed (their input is always kept). */
export function saveFailureText(
  error: AppError,
  translate: (key: string, params?: Record<string, number | string>) => string,
): string {
  const reason = error.message
  switch (error.kind) {
    case 'validation':
      return error.fields && Object.keys(error.fields).length > 0
        ? translate('forms.failed.validationFields')
        : translate('forms.failed.validation', { reason })
    case 'auth':
    case 'offline':
    case 'network':
    case 'timeout':
    case 'not_found':
      return translate(`forms.failed.${error.kind}`)
    case 'server':
      return translate('forms.failed.server', { reason })
    default:
      return translate('forms.failed.other', { reason })
  }
}
