import { messagesFromFiles, type MessageTree } from '../messageTree'

/** Every feature file of the locale, globbed (a new file needs no registration); one chunk, loaded by `loadLocale`. */
export default messagesFromFiles(import.meta.glob<{ default: MessageTree }>('../pt-BR/*.ts', { eager: true }))
