import type { Contact } from '@contract'

/** Which chats and contacts are the same person: by recipient or phone, whatever its punctuation. */

/** Digits of a phone or recipient ("+55 (11) 98765-4321" and "5511987654321" are the same person). */
export function recipientKey(value: string | null | undefined): string {
  if (!value) return ''
  const v = value.trim().toLowerCase()
  return v.includes('@') ? v : v.replace(/\D/g, '')
}

/** The recipient part of a chat id (`<channelId>-<recipient>`). */
export function recipientOfChatId(chatId: string): string {
  const i = chatId.indexOf('-')
  return i < 0 ? '' : chatId.slice(i + 1)
}

/** Whether a chat is with this contact: by recipient (the chat id ends in it), else by phone. */
export function chatBelongsTo(
  chat: { id: string; recipient?: string | null; whatsappPhone?: string | null },
  contact: Pick<Contact, 'recipient' | 'phone'>,
): boolean {
  const keys = [recipientKey(contact.recipient), recipientKey(contact.phone)].filter(Boolean)
  if (keys.length === 0) return false
  const chatKeys = [
    recipientKey(chat.recipient),
    recipientKey(recipientOfChatId(chat.id)),
    recipientKey(chat.whatsappPhone),
  ]
  return chatKeys.some((k) => k !== '' && keys.includes(k))
}
