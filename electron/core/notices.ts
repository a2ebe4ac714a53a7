import type { AppNotice } from '../contract/app/notices'
import type { Emit } from './router'

/** Notices beyond this many are dropped, oldest first: a loop posting notices cannot grow memory. */
const MAX_PENDING = 50

export interface NoticeBoard {
  /** Keeps a notice until the renderer takes it, and tells a listening window one is waiting. */
  post(notice: AppNotice): void
  /** Every waiting notice, oldest first; each is handed out once. */
  take(): AppNotice[]
}

/**
 * Notices persist until shown: a push event alone is lost when no window listens yet (the
 * settings are read and the caches opened before the window loads), so each notice waits here
 * and the renderer takes them once it listens, and again whenever `notices.pending` says so.
 */
export function createNoticeBoard(emit: Emit): NoticeBoard {
  const pending: AppNotice[] = []
  const key = (n: AppNotice) => JSON.stringify(n)
  return {
    post(notice) {
      // The same notice twice (a cache rebuilt again before it was shown) says nothing new.
      if (pending.some((n) => key(n) === key(notice))) return
      pending.push(notice)
      if (pending.length > MAX_PENDING) pending.splice(0, pending.length - MAX_PENDING)
      emit('notices.pending', { count: pending.length })
    },
    take() {
      return pending.splice(0)
    },
  }
}
