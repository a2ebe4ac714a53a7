import { ref } from 'vue'

const KEY = 'agent-desk:liveChat:notify'

function load(): boolean {
  try {
    return typeof localStorage === 'undefined' || localStorage.getItem(KEY) !== 'off'
  } catch {
    return true
  }
}

/** Whether a new customer message in a chat the operator has taken over raises an OS notification (on by default). */
export const notifyEnabled = ref(load())

export function setNotifyEnabled(on: boolean): void {
  notifyEnabled.value = on
  try {
    localStorage.setItem(KEY, on ? 'on' : 'off')
  } catch {
    // Not kept: it still applies until the window closes.
  }
}

/**
 * An OS notification through the web Notification API (Electron shows it as a system
 * notification; the browser preview asks the browser). Silently nothing where it is refused.
 */
export async function notifyNewMessage(title: string, body: string, onClick: () => void): Promise<void> {
  if (!notifyEnabled.value || typeof Notification === 'undefined') return
  let permission = Notification.permission
  if (permission === 'default') permission = await Notification.requestPermission()
  if (permission !== 'granted') return
  const n = new Notification(title, { body: body.slice(0, 200), silent: false })
  n.onclick = () => {
    window.focus()
    onClick()
  }
}
