import { z } from 'zod'
import { Chat } from '../resources/chat'
import { appChannel, JobId, savedFile, stopChannel } from './channels'

/**
 * Exporting a chat transcript. Core gathers every message (from the offline cache when the chat's
 * scope is synced, else from the service page by page), builds the file, and has main save it
 * through a save dialog; where there is no dialog (the browser preview) the content comes back.
 */

const Id = z.string().min(1).max(256)
const Label = z.string().min(1).max(200)

export const ChatExportFormat = z.enum(['html', 'json'])
export type ChatExportFormat = z.infer<typeof ChatExportFormat>

/** The words of the transcript in the user's language (core has no i18n). */
export const ChatExportLabels = z.strictObject({
  title: Label,
  customer: Label,
  agent: Label,
  system: Label,
  exportedAt: Label,
  messages: Label,
  /** Shown for a message time a Date cannot hold. */
  unknownTime: Label,
})
export type ChatExportLabels = z.infer<typeof ChatExportLabels>

export const ChatExportInput = z.strictObject({
  /** Chosen by the renderer, so it can cancel before the answer comes. */
  exportId: JobId,
  chatId: Id,
  /** The chat as the list showed it (name, phone, agent); only `id` when unknown. */
  chat: Chat.optional(),
  format: ChatExportFormat,
  labels: ChatExportLabels,
  locale: z.string().min(2).max(35),
  timeZone: z.string().min(1).max(64).optional(),
})
export type ChatExportInput = z.infer<typeof ChatExportInput>

export const ChatExportResult = savedFile({
  mimeType: z.string(),
  messages: z.number().int(),
  source: z.enum(['cache', 'service']),
})
export type ChatExportResult = z.infer<typeof ChatExportResult>

export const ChatExportProgress = z.object({
  exportId: z.string(),
  chatId: z.string(),
  /** Messages gathered so far. */
  messages: z.number().int(),
  source: z.enum(['cache', 'service']),
})

export const chatExportChannels = {
  'chats.export': appChannel(
    ChatExportInput,
    ChatExportResult,
    'Export a chat transcript as HTML or JSON: saved through a save dialog, or returned where there is none; progress arrives as chats.exportProgress',
  ),
  'chats.exportCancel': stopChannel(
    'exportId',
    'cancelled',
    'Stop an export that is gathering messages; it answers with a cancelled error',
  ),
} as const

/** Spread into `pushEvents`. */
export const chatExportPushEvents = {
  'chats.exportProgress': ChatExportProgress,
} as const
