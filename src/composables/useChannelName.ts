import { useI18n } from 'vue-i18n'

/** A chat's channel type (WHATSAPP, WIDGET…) by the name the app gives it, else as the service sent it. */
export function useChannelName(): (type: string | null | undefined) => string {
  const { t, te } = useI18n()
  return (type) => {
    if (!type) return ''
    const key = `channels.types.${type}`
    return te(key) ? t(key) : type
  }
}
