import { useMessage } from 'naive-ui'
import { computed, toValue, type MaybeRefOrGetter } from 'vue'
import { useI18n } from 'vue-i18n'
import { useDeskApi } from '@/api'

/**
 * An MCP server's authorization page: only an https page is offered (main checks again against its
 * allow-list), and opening it in the system browser says whether it opened.
 */
export function useMcpAuthorization(url: MaybeRefOrGetter<string | null | undefined>) {
  const { t } = useI18n()
  const message = useMessage()

  const authorizationUrl = computed(() => {
    const value = toValue(url)
    if (!value) return undefined
    try {
      return new URL(value).protocol === 'https:' ? value : undefined
    } catch {
      return undefined
    }
  })

  async function openAuthorization() {
    if (!authorizationUrl.value) return
    const r = await useDeskApi().shell.openExternal({ url: authorizationUrl.value })
    if (!r.ok || !r.data.opened) message.error(t('mcp.oauth.notOpened'))
    else message.info(t('mcp.oauth.opened'))
  }

  return { authorizationUrl, openAuthorization }
}
