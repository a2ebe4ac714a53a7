import { type BrowserWindow, dialog, type FileFilter } from 'electron'
import { writeFile } from 'node:fs/promises'
import type { SaveFile } from '../core/export/chatExport'

const FILTERS: Record<'html' | 'json', FileFilter[]> = {
  html: [{ name: 'HTML', extensions: ['html'] }],
  json: [{ name: 'JSON', extensions: ['json'] }],
}

/**
 * The core's `saveFile` for chat exports: a save dialog attached to the app's window, then the file
 * written by main. The renderer never gets a path or a file handle.
 */
export function createChatExportSave(windowOf: () => BrowserWindow | null | undefined): SaveFile {
  return async ({ defaultName, content, format }) => {
    const options = { defaultPath: defaultName, filters: FILTERS[format] }
    const win = windowOf()
    const choice =
      win && !win.isDestroyed() ? await dialog.showSaveDialog(win, options) : await dialog.showSaveDialog(options)
    if (choice.canceled || !choice.filePath) return 'cancelled'
    await writeFile(choice.filePath, content, 'utf8')
    return 'saved'
  }
}
