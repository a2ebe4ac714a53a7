import { useI18n } from 'vue-i18n'
import { useConfirm } from './useConfirm'

/** The translation keys of a confirmation: its title, what it says, and the button that goes ahead. */
export type DangerTexts = readonly [title: string, content: string, confirm: string]

/**
 * Asks before a destructive action (delete, remove, unlink): its three texts are translated with
 * the same parameters (the thing's name…), and the button that goes ahead is the error-coloured one.
 * True when the user goes ahead.
 */
export function useDangerConfirm() {
  const { t } = useI18n()
  const confirm = useConfirm()
  return (texts: DangerTexts, params: Record<string, unknown>) =>
    confirm({ title: t(texts[0], params), content: t(texts[1], params), confirm: t(texts[2], params), danger: true })
}
