import { onScopeDispose } from 'vue'
import { useRouter } from 'vue-router'
import { useDeskApi } from '@/api'

/**
 * A clicked OS notification (main has focused the window) opens its chat, wherever the user is.
 * Installed once, by the app's root component.
 */
export function useNotificationClicks(): void {
  const router = useRouter()
  const off = useDeskApi().on('notifications.clicked', ({ chatId }) => {
    const current = router.currentRoute.value
    if (current.name === 'chat' && current.params.chatId === chatId) return
    void router.push({ name: 'chat', params: { chatId } })
  })
  onScopeDispose(off)
}
