/**
 * A paste into a field with a maximum length is cut by the browser without a word. These helpers
 * find out, before the paste lands, how much of it the field will drop, so the app can say so.
 */
export interface PasteOverflow {
  max: number
  /** Characters of the pasted text that do not fit. */
  lost: number
}

export function pasteOverflow(event: ClipboardEvent): PasteOverflow | null {
  const target = event.target
  if (!(target instanceof HTMLInputElement) && !(target instanceof HTMLTextAreaElement)) return null
  const max = target.maxLength
  if (!(max > 0)) return null
  const pasted = event.clipboardData?.getData('text') ?? ''
  if (pasted === '') return null
  const start = target.selectionStart ?? target.value.length
  const end = target.selectionEnd ?? start
  const after = target.value.length - (end - start) + pasted.length
  return after > max ? { max, lost: after - max } : null
}

/** Whether a field of the form kit will say it beside itself (FormField listens to its own pastes). */
export function insideFormField(target: EventTarget | null): boolean {
  return target instanceof Element && target.closest('.form-field') !== null
}
