import type { fileChannels } from '../contract/app/files'
import { AppFailure, appError } from '../contract/app/result'
import { safeFileName } from '../contract/fileNames'
import type { MediaFetch } from './media'
import type { AppHandlers } from './router'

/**
 * The shell's save of a downloaded file: asks where in the OS save dialog (offering
 * `defaultName`), then writes `body` there; a cancelled dialog writes nothing. Main's is
 * electron/main/saveFile.ts; the browser preview's records the file (preview/preview.ts).
 */
export type SaveDownload = (file: {
  defaultName: string
  body: ReadableStream<Uint8Array>
}) => Promise<'saved' | 'cancelled'>

export interface FileDeps {
  /** The core's media fetch: the token goes only to the service's own media (electron/core/media.ts). */
  fetchMedia: MediaFetch
  saveDownload?: SaveDownload
}

/** The last path segment of a URL, as a fallback name. */
function nameFromUrl(url: string): string | undefined {
  try {
    const last = new URL(url).pathname.split('/').filter(Boolean).pop()
    return last ? decodeURIComponent(last) : undefined
  } catch {
    return undefined
  }
}

/** `files.saveMedia`: fetched through the core's media path, then saved by the shell where the user says. */
export function createFileHandlers(deps: FileDeps): AppHandlers<keyof typeof fileChannels> {
  return {
    'files.saveMedia': async ({ url, fileName }) => {
      if (!deps.saveDownload) throw new AppFailure(appError('internal', 'Saving files is not available here'))
      const response = await deps.fetchMedia(url)
      if (!response.ok || !response.body) {
        await response.body?.cancel().catch(() => undefined)
        throw new AppFailure(
          appError(response.status === 404 ? 'not_found' : 'network', 'The file could not be downloaded', {
            status: response.status,
          }),
        )
      }
      const defaultName = safeFileName(fileName || nameFromUrl(url), 'document')
      return { outcome: await deps.saveDownload({ defaultName, body: response.body }) }
    },
  }
}
