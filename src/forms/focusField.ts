/**
 * Focuses the control of the field `path` inside `root` (the element FormField or a form item marks
 * with `data-field` / `data-testid="field-<path>"`), falling back to the field's top-level name.
 * Returns whether a control took the focus.
 */
export function focusField(root: ParentNode, path: string): boolean {
  const top = path.split('.')[0] ?? path
  const selectors = [path, top].flatMap((p) => [
    `[data-field="${CSS.escape(p)}"]`,
    `[data-testid="field-${CSS.escape(p)}"]`,
  ])
  const field = root.querySelector(selectors.join(', '))
  const control = field?.querySelector<HTMLElement>('input:not([type="hidden"]), textarea, [tabindex="0"]')
  control?.focus()
  return !!control
}
