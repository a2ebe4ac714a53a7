import { datePtBR, ptBR } from 'naive-ui'
import { messagesFromFiles, type MessageTree } from '../messageTree'

/** Every feature file of the locale, globbed (a new file needs no registration); one chunk, loaded by `loadLocale`. */
export default messagesFromFiles(import.meta.glob<{ default: MessageTree }>('../pt-BR/*.ts', { eager: true }))

/** naive's own texts and date formats in this language (empty states, pickers, dialogs). */
// naive's generic input hint ("Please Input") says nothing a label does not: inputs show none unless
// the screen gives one.
export const naive = { locale: { ...ptBR, Input: { ...ptBR.Input, placeholder: '' } }, dateLocale: datePtBR }
