import type { Locale } from './index'

/**
 * Names that read the same in every language (brands, and each language's own name): both
 * locales' feature files spread them from here, so each is written once and cannot drift apart.
 */

/** The service's channel types by their brand names; a type whose name is a description (WIDGET) is translated. */
export const channelTypeNames = {
  Z_API: 'WhatsApp (Z-API)',
  WHATSAPP: 'WhatsApp',
  INSTAGRAM: 'Instagram',
  CLOUD_API: 'WhatsApp Cloud API',
  TELEGRAM: 'Telegram',
  MESSENGER: 'Facebook Messenger',
  MERCADO_LIVRE: 'Mercado Livre',
  TWILIO_SMS: 'SMS (Twilio)',
}

/** Each language by its own name, so a reader finds theirs whatever language the app is in. */
export const languageNames: Record<Locale, string> = { en: 'English', 'pt-BR': 'Português (Brasil)' }
