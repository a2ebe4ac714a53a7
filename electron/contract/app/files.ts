import { z } from 'zod'
import { appChannel, SaveOutcome } from './channels'

/**
 * Saving a media file of the service (a chat's document, image or audio) to disk. A link with
 * `download` to `agent-media://` is another origin for Chromium, which ignores `download` there and
 * navigates (blocked by the shell), so the page asks main instead: main fetches the file with the
 * token and writes it where the user chooses in the OS save dialog. The page never names a path.
 */
export const SaveMediaInput = z.strictObject({
  /** The service's media URL, as the message carries it (not the page's agent-media:// one). */
  url: z.string().min(1).max(4096),
  /** The name offered in the dialog; cleaned by main (no folders, no control characters). */
  fileName: z.string().max(255).optional(),
})
export type SaveMediaInput = z.infer<typeof SaveMediaInput>

/** A media file is fetched by main, so there is always a dialog (the preview fakes one). */
export const SaveMediaResult = z.object({ outcome: SaveOutcome.exclude(['content']) })

export const fileChannels = {
  'files.saveMedia': appChannel(
    SaveMediaInput,
    SaveMediaResult,
    'Save a media file of the service where the user chooses (OS save dialog); main fetches it with the token',
  ),
} as const
