import type { z } from 'zod'
import type { AppChannelDef } from './channels'
import { agentTestChannels } from './agentTests'
import { chatExportChannels } from './chatExport'
import { noticeChannels } from './notices'
import { notificationChannels } from './notifications'
import { offlineChannels } from './offline'
import { draftChannels } from './drafts'
import { profileSettingChannels } from './profileSettings'
import { insightsChannels } from './insights'
import { fileChannels } from './files'
import { outboxChannels } from './outbox'
import { sessionExportChannels } from './sessionExport'
import { profileChannels } from './profiles'
import { updateChannels } from './updates'
import { windowChannels } from './windows'

export * from './agentTests'
export * from './channels'
export * from './chatExport'
export * from './events'
export * from './notices'
export * from './notifications'
export * from './offline'
export * from './drafts'
export * from './profileSettings'
export * from './insights'
export * from './files'
export * from './outbox'
export * from './sessionExport'
export * from './profiles'
export * from './result'
export * from './updates'
export * from './windows'

/** Every app channel of every domain. Later domains (cache, sync, export) spread theirs in here. */
export const appChannels = {
  ...profileChannels,
  ...offlineChannels,
  ...updateChannels,
  ...chatExportChannels,
  ...noticeChannels,
  ...outboxChannels,
  ...sessionExportChannels,
  ...draftChannels,
  ...profileSettingChannels,
  ...agentTestChannels,
  ...insightsChannels,
  ...notificationChannels,
  ...fileChannels,
  ...windowChannels,
} as const satisfies Record<string, AppChannelDef>

export type AppChannels = typeof appChannels
export type AppChannelName = keyof AppChannels
export type AppChannelInput<N extends AppChannelName> = z.input<AppChannels[N]['input']>
export type AppChannelOutput<N extends AppChannelName> = z.output<AppChannels[N]['output']>
