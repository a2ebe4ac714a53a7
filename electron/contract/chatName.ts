import type { Chat } from './resources/chat'

/**
 * The name a person would recognise a chat by, wherever it is shown or written (lists, headers,
 * the palette, an export's title and file name): the contact's name, else the chat's title, else
 * the recipient or phone, else the id. An empty text counts as none.
 */
export function chatDisplayName(
  chat: Pick<Chat, 'id'> & Partial<Pick<Chat, 'name' | 'title' | 'recipient' | 'whatsappPhone'>>,
): string {
  return chat.name || chat.title || chat.recipient || chat.whatsappPhone || chat.id
}
