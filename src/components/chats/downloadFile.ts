import { safeFileName } from '@contract'
import { useDeskApi } from '@/api'
import { feedback } from '@/feedback'
import { t } from '@/i18n'

/** Hands a text file to the browser's download (the preview); in the app main saves it instead. */
export function downloadFile(content: string, fileName: string, mimeType: string) {
  const url = URL.createObjectURL(new Blob([content], { type: `${mimeType};charset=utf-8` }))
  const a = document.createElement('a')
  a.href = url
  a.download = fileName
  document.body.appendChild(a)
  a.click()
  a.remove()
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}

/**
 * Saves a chat's document (or image, audio) of the service through main: it fetches the file with
 * the token and writes it where the user chooses in the OS save dialog. A `download` link to
 * agent-media:// would navigate instead (another origin) and be blocked. Says how it went.
 */
export async function saveMedia(url: string | null | undefined, fileName: string | null | undefined): Promise<void> {
  if (!url) return
  const r = await useDeskApi().files.saveMedia({ url, fileName: safeFileName(fileName, 'document') })
  if (!r.ok) feedback().message.error(t('chats.message.saveFailed'))
  else if (r.data.outcome === 'saved') feedback().message.success(t('chats.message.saved'))
}
