import { mkdir } from 'node:fs/promises'
import path from 'node:path'
import type { Dialog, SaveDialogOptions } from 'electron'
import type { ChatNotification } from '../electron/contract/app/notifications'
import { createSaveDownload, createSaveFile } from '../electron/main/saveFile'

/**
 * The parts of the OS the shell reaches (notifications, the system browser, new windows, the save
 * dialog), faked for the preview: each is recorded for the tests instead of shown, and main's own
 * save functions still write the files, so the journeys run what the shell runs.
 */
export function createFakeShell(userDataDir: string, log: (line: string) => void) {
  // The OS notifications: recorded, with their click, instead of shown.
  const notifications: { notification: ChatNotification; click: () => void }[] = []
  const opened: string[] = []
  const windows: string[] = []
  const saved: { name: string; path: string }[] = []
  let saveCount = 0
  const downloads = path.join(userDataDir, 'downloads')
  // The OS save dialog, faked: it answers `<user data>/downloads/<n>-<suggested name>`; main's own
  // save functions (main/saveFile.ts) then write there, exports and media alike, so the journeys run
  // what the shell runs. A file is recorded once written, so a test reads the whole of it.
  let asked: string | undefined
  const saveDialog: Pick<Dialog, 'showSaveDialog'> = {
    showSaveDialog: (async (...args: unknown[]) => {
      const options = args.at(-1) as SaveDialogOptions
      const name = path.basename(options.defaultPath ?? 'file')
      await mkdir(downloads, { recursive: true })
      asked = name
      return { canceled: false, filePath: path.join(downloads, `${++saveCount}-${name}`) }
    }) as Dialog['showSaveDialog'],
  }
  const recorded =
    <A extends unknown[]>(save: (...a: A) => Promise<'saved' | 'cancelled'>) =>
    async (...a: A) => {
      const outcome = await save(...a)
      if (outcome === 'saved' && asked !== undefined) {
        const file = path.join(downloads, `${saveCount}-${asked}`)
        saved.push({ name: asked, path: file })
        log(`[preview] saved ${asked} to ${file}`)
      }
      return outcome
    }
  const saveFile = recorded(
    createSaveFile(
      saveDialog,
      () => null,
      () => downloads,
    ),
  )
  const saveDownload = recorded(
    createSaveDownload(
      saveDialog,
      () => null,
      () => downloads,
    ),
  )

  return {
    saveFile,
    saveDownload,
    openExternal: (url: string) => {
      opened.push(url)
      log(`[preview] the app asked to open ${url} in the system browser`)
    },
    openWindow: (route: string) => {
      windows.push(route)
      log(`[preview] the app asked for a new window at ${route}`)
      return true
    },
    showNotification: (notification: ChatNotification, click: () => void) => {
      notifications.push({ notification, click })
      log(`[preview] notification: ${notification.title}`)
      return true
    },
    notifications: () => notifications.map((n) => n.notification),
    clickNotification: (index: number) => {
      const shown = notifications[index]
      if (!shown) throw new Error(`no notification ${index} (${notifications.length} shown)`)
      shown.click()
    },
    openedExternally: () => [...opened],
    savedFiles: () => [...saved],
    openedWindows: () => [...windows],
  }
}
