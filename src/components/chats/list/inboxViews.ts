import { INBOX_VIEWS, type Chat, type InboxCounts, type InboxView } from '@contract'

/**
 * The inbox's views on a chat as the service's list gives it, the same conditions the cache worker
 * puts in SQL (electron/core/cache/inboxQuery.ts): used on the service's pages when the chat list is
 * not in the offline copy. Needs a person: a person is answering, the chat is open and the customer
 * spoke last.
 */
export function chatInView(chat: Chat, view: InboxView): boolean {
  const human = chat.humanTalk === true
  const finished = chat.finished === true
  switch (view) {
    case 'needsPerson':
      return human && !finished && chat.role === 'user'
    case 'unread':
      return (chat.unReadCount ?? 0) > 0 || chat.read === false
    case 'ai':
      return !human && !finished
    case 'finished':
      return finished
    case 'all':
      return true
  }
}

export function countViews(chats: readonly Chat[]): InboxCounts {
  const counts = Object.fromEntries(INBOX_VIEWS.map((v) => [v, 0])) as InboxCounts
  for (const chat of chats) for (const view of INBOX_VIEWS) if (chatInView(chat, view)) counts[view]++
  return counts
}
