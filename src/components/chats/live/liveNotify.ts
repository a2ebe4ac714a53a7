import { computed, onScopeDispose } from 'vue'
import { NOTIFICATION_BODY_MAX, NOTIFICATION_TITLE_MAX } from '@contract'
import { useDeskApi } from '@/api'
import { useSessionStore } from '@/stores/session'

/** Where the switch was kept before it moved to the settings file: read once, then removed. */
export const LEGACY_NOTIFY_KEY = 'agent-desk:liveChat:notify'

type Session = ReturnType<typeof useSessionStore>

/**
 * Whether a new customer message in a chat the operator has taken over raises an OS notification:
 * the `liveChatNotify` setting of the settings file (on by default), which main reads before it
 * shows one.
 */
export function useLiveNotify() {
  const session = useSessionStore()
  void migrateLegacySwitch(session)
  const enabled = computed(() => session.settings.liveChatNotify)
  const setEnabled = (on: boolean) => session.updateSettings({ liveChatNotify: on })
  return { enabled, setEnabled }
}

let migration: Promise<void> | null = null

/** The switch as the page kept it in localStorage before: moved into the settings file once. */
export function migrateLegacySwitch(session: Session): Promise<void> {
  migration ??= (async () => {
    let old: string | null
    try {
      old = localStorage.getItem(LEGACY_NOTIFY_KEY)
    } catch {
      return
    }
    if (old === null) return
    // The whole settings object is written back: it must be the one main holds, not the defaults.
    await session.init()
    if (old === 'off' && session.settings.liveChatNotify) {
      const r = await session.updateSettings({ liveChatNotify: false })
      if (!r.ok) {
        migration = null
        return
      }
    }
    try {
      localStorage.removeItem(LEGACY_NOTIFY_KEY)
    } catch {
      // Read again next time; the setting is already moved.
    }
  })()
  return migration
}

/** Only for tests: forget that the migration ran in this page. */
export function resetLegacyMigration(): void {
  migration = null
}

/**
 * Asks main for an OS notification of a customer message in `chatId`. Main shows it (the page has
 * no notification permission) unless the setting is off; a click focuses the window and comes
 * back as `notifications.clicked`.
 */
export async function notifyNewMessage(chatId: string, title: string, body: string): Promise<void> {
  await useDeskApi().notifications.show({
    chatId,
    title: title.slice(0, NOTIFICATION_TITLE_MAX) || '…',
    body: body.slice(0, NOTIFICATION_BODY_MAX),
  })
}

/**
 * Runs `onClick` when the notification of `chatId` is clicked while the caller's scope lives (the
 * chat view scrolls to the newest message); opening the chat is the app's (useNotificationClicks).
 */
export function onNotificationClick(chatId: string, onClick: () => void): void {
  const off = useDeskApi().on('notifications.clicked', ({ chatId: clicked }) => {
    if (clicked === chatId) onClick()
  })
  onScopeDispose(off)
}
