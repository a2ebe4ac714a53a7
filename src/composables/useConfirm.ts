import { useDialog, type DialogApi } from 'naive-ui'
import { useI18n } from 'vue-i18n'

export interface ConfirmRequest {
  title: string
  content: string
  /** The label of the button that goes ahead, naming the action ("Delete", "Restore"). */
  confirm: string
  /** Destructive actions get the error-coloured button. */
  danger?: boolean
}

/** Asks `request` in `dialog` (a component's, or the discrete one outside components). */
export function confirmIn(
  dialog: Pick<DialogApi, 'create'>,
  cancel: string,
  request: ConfirmRequest,
): Promise<boolean> {
  return new Promise((resolve) => {
    dialog.create({
      type: request.danger ? 'error' : 'warning',
      title: request.title,
      content: request.content,
      positiveText: request.confirm,
      negativeText: cancel,
      positiveButtonProps: { type: request.danger ? 'error' : 'primary', ...{ 'data-testid': 'confirm-yes' } },
      negativeButtonProps: { type: 'default', ...{ 'data-testid': 'confirm-no' } },
      onPositiveClick: () => resolve(true),
      onNegativeClick: () => resolve(false),
      onClose: () => resolve(false),
      onMaskClick: () => resolve(false),
      onEsc: () => resolve(false),
      onAfterLeave: () => resolve(false),
    })
  })
}

/** A confirmation dialog as a promise: true when the user goes ahead; Esc, the mask or Cancel give false. */
export function useConfirm() {
  const dialog = useDialog()
  const { t } = useI18n()
  return (request: ConfirmRequest): Promise<boolean> => confirmIn(dialog, t('common.cancel'), request)
}
