import { createWriteStream } from 'node:fs'
import { rename, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { ReadableStream as NodeReadableStream } from 'node:stream/web'
import type { BrowserWindow, Dialog, SaveDialogOptions } from 'electron'
import { safeFileName } from '../contract/fileNames'
import type { SaveDownload } from '../core/files'

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

async function askWhere(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  parent: BrowserWindow | null,
  options: SaveDialogOptions,
): Promise<string | null> {
  const { canceled, filePath } = parent
    ? await dialog.showSaveDialog(parent, options)
    : await dialog.showSaveDialog(options)
  return canceled || !filePath ? null : filePath
}

/**
 * The core's `saveDownload` (a chat's document, image or audio, fetched by main with the token):
 * the OS save dialog, then the body streamed to `<chosen>.part` and renamed into place, so a
 * download that fails half-way leaves neither a truncated file nor a clobbered old one.
 */
export function createSaveDownload(
  dialog: Pick<Dialog, 'showSaveDialog'>,
  parentWindow: () => BrowserWindow | null,
  defaultFolder: () => string,
): SaveDownload {
  return async ({ defaultName, body }) => {
    const target = await askWhere(dialog, parentWindow(), {
      defaultPath: path.join(defaultFolder(), safeFileName(path.basename(defaultName), 'document')),
      properties: ['createDirectory', 'showOverwriteConfirmation'],
    }).catch(async (err: unknown) => {
      await body.cancel().catch(() => undefined)
      throw err
    })
    if (target === null) {
      await body.cancel().catch(() => undefined)
      return 'cancelled'
    }
    const partial = `${target}.part`
    try {
      await pipeline(Readable.fromWeb(body as NodeReadableStream<Uint8Array>), createWriteStream(partial))
      await rename(partial, target)
    } catch (err) {
      await rm(partial, { force: true })
      throw err
    }
    return 'saved'
  }
}
