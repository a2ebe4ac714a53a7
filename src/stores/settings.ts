import { defineStore } from 'pinia'
import { ref } from 'vue'
import type { AppInfo, Result, Settings, VaultStatus } from '@contract'
import { useDeskApi } from '@/api'

export const DEFAULT_SETTINGS: Settings = {
  locale: 'system',
  theme: 'system',
  refreshIntervalMinutes: 15,
  autoUpdate: true,
  liveChatNotify: true,
  offlineBudgetMB: 2048,
}

/** The app's settings, what main says about the app and the token vault (the settings screen's state). */
export const useSettingsStore = defineStore('settings', () => {
  const settings = ref<Settings>({ ...DEFAULT_SETTINGS })
  const settingsNotice = ref<'settings_reset' | undefined>()
  const appInfo = ref<AppInfo | null>(null)
  const vault = ref<VaultStatus | null>(null)

  async function loadSettings() {
    const r = await useDeskApi().settings.get()
    if (r.ok) settings.value = r.data.settings
    return r
  }

  async function loadAppInfo() {
    const r = await useDeskApi().app.info()
    if (r.ok) appInfo.value = r.data
    return r
  }

  async function loadVaultStatus() {
    const r = await useDeskApi().vault.status()
    if (r.ok) vault.value = r.data
    return r
  }

  /** Applies the change at once (the UI follows), and rolls back if main refuses it. */
  async function updateSettings(change: Partial<Settings>): Promise<Result<Settings>> {
    const before = settings.value
    settings.value = { ...before, ...change }
    // The whole object, not just the change: the contract's `Settings.partial()` keeps the zod
    // defaults, so a key left out would be reset to its default by main.
    const r = await useDeskApi().settings.update({ ...settings.value })
    settings.value = r.ok ? r.data : before
    return r
  }

  return { settings, settingsNotice, appInfo, vault, loadSettings, loadAppInfo, loadVaultStatus, updateSettings }
})
