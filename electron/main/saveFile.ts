import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import type { BrowserWindow, Dialog, SaveDialogOptions } from 'electron'
import { safeFileName } from '../contract/fileNames'

/** A chat export the core hands to the shell to save where the user chooses. */
export interface ExportFile {
  defaultName: string
  content: string
  /** png: `content` is the image in base64. */
  format: 'html' | 'json' | 'csv' | 'png'
}

const FILTERS: Record<ExportFile['format'], SaveDialogOptions['filters']> = {
  html: [{ name: 'Web page', extensions: ['html'] }],
  json: [{ name: 'JSON', extensions: ['json'] }],
  csv: [{ name: 'CSV', extensions: ['csv'] }],
  png: [{ name: 'PNG', extensions: ['png'] }],
}

/**
 * The core's `saveFile`: the OS save dialog, then the file written where the user said. The page
 * never names a path; only the dialog does, so nothing it sends can write outside the user's choice.
 */
export function createSaveFile(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  parentWindow: () => BrowserWindow | null,
  defaultFolder: () => string,
): (file: ExportFile) => Promise<'saved' | 'cancelled'> {
  return async (file) => {
    const options: SaveDialogOptions = {
      // The suggested name comes from a chat's name: no folder part, no bidi controls (see safeFileName).
      defaultPath: path.join(defaultFolder(), safeFileName(path.basename(file.defaultName), `chat.${file.format}`)),
      filters: FILTERS[file.format],
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    }
    const parent = parentWindow()
    const { canceled, filePath } = parent
      ? await dialog.showSaveDialog(parent, options)
      : await dialog.showSaveDialog(options)
    if (canceled || !filePath) return 'cancelled'
    // Some Linux dialogs return the typed name without the filter's extension.
    const target = path.extname(filePath) === '' ? `${filePath}.${file.format}` : filePath
    await writeFile(target, file.format === 'png' ? Buffer.from(file.content, 'base64') : file.content, 'utf8')
    return 'saved'
  }
}
