/** What a field of a form is given (FormField, and the fields built on it). */
export interface FieldProps {
  /** The field's dotted path in the form (its problems are looked up by it). */
  path: string
  /** Default: the form's text for the path (see provideFormTexts), else the path itself. */
  label?: string
  /** Default: the form's help text for the path, if it has one. */
  help?: string
  required?: boolean
  /** A problem to show that the form kit does not know (a rule of the component itself). */
  error?: string
}
