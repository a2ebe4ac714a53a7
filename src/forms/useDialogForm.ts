import { watch, type Ref } from 'vue'
import { useDraftForm, type DraftForm, type DraftFormOptions } from './useDraftForm'

type DialogFormOptions<TData, TForm, TInput, TSaved> = Omit<
  DraftFormOptions<TData, TForm, TInput, TSaved>,
  'draftKey' | 'data' | 'leaveGuard'
> &
  Partial<Pick<DraftFormOptions<TData, TForm, TInput, TSaved>, 'draftKey' | 'data'>>

/** A dialog's form, with whether the dialog is open (FormDialog opens and closes it by this). */
export type DialogForm<TForm> = DraftForm<TForm> & { show: Ref<boolean> }

/**
 * A form in a dialog: no draft unless it asks for one, every field checked (it creates or
 * replaces), no route guard (the dialog's own close decides), and a fresh form each time it opens.
 */
export function useDialogForm<TData, TForm, TInput, TSaved>(
  show: Ref<boolean>,
  options: DialogFormOptions<TData, TForm, TInput, TSaved>,
): DialogForm<TForm> {
  const kit = useDraftForm<TData, TForm, TInput, TSaved>({
    draftKey: null,
    data: undefined,
    check: 'all',
    ...options,
    leaveGuard: false,
  })
  watch(show, (open) => {
    if (open) kit.discard()
  })
  return Object.assign(kit, { show })
}
