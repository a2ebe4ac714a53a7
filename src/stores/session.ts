import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type {
  AppChannelInput,
  AppInfo,
  AppNotice,
  PushEventPayload,
  Profile,
  ProfilesState,
  Result,
  Settings,
  VaultStatus,
} from '@contract'
import { useDeskApi } from '@/api'
import { loadDarkTheme, settingIsDark } from '@/composables/darkTheme'
import { feedback } from '@/feedback'
import { isolate } from '@/domain/userText'
import { resolveLocale, setLocale, t } from '@/i18n'
import { useOfflineStore } from './offline'
import { createInFlight } from './inFlight'

export const DEFAULT_SETTINGS: Settings = {
  locale: 'system',
  theme: 'system',
  refreshIntervalMinutes: 15,
  autoUpdate: true,
  liveChatNotify: true,
  offlineBudgetMB: 2048,
}

export type Connectivity = PushEventPayload<'connectivity'>

/** Who is asked for a new token, while the token dialog is open. */
export interface TokenPrompt {
  profileId: string
  label: string
}

/**
 * Profiles, settings, connectivity and the token dialog: the state every screen shares.
 * Other stores run their calls through `runAuthorized` so a refused token is asked for once and
 * the failed call is re-run.
 */
export const useSessionStore = defineStore('session', () => {
  const profiles = ref<Profile[]>([])
  const activeProfileId = ref<string | null>(null)
  const settings = ref<Settings>({ ...DEFAULT_SETTINGS })
  const settingsNotice = ref<'settings_reset' | undefined>()
  const appInfo = ref<AppInfo | null>(null)
  const vault = ref<VaultStatus | null>(null)
  const connectivity = ref<Connectivity>({ online: true, since: Date.now() })
  /** Bumped for each `cache.updated` push, per endpoint, so a view re-reads what it shows. */
  const cacheUpdates = ref<Record<string, number>>({})
  /** Bumped whenever a new token is saved, so views re-run what the refused token broke. */
  const tokenRenewals = ref(0)
  const tokenPrompt = ref<TokenPrompt | null>(null)
  /**
   * The profile whose token the service refused, until a new one is saved: said in a banner even
   * when the offline copy answers every screen (a refused background refresh opens no dialog).
   */
  const tokenRefusedFor = ref<string | null>(null)
  const ready = ref(false)

  const activeProfile = computed(() => profiles.value.find((p) => p.id === activeProfileId.value) ?? null)
  /** The active profile's workspace ('' without one): what the workspace screens read. */
  const workspaceId = computed(() => activeProfile.value?.workspaceId ?? '')
  const offline = computed(() => !connectivity.value.online)
  const tokenRefused = computed(() => !!tokenRefusedFor.value && tokenRefusedFor.value === activeProfileId.value)

  const share = createInFlight()
  let initPromise: Promise<void> | undefined
  let unsubscribers: (() => void)[] = []
  let promptWaiters: ((renewed: boolean) => void)[] = []

  function applyProfiles(state: ProfilesState) {
    profiles.value = state.profiles
    activeProfileId.value = state.activeProfileId
  }

  function upsertProfile(profile: Profile) {
    const i = profiles.value.findIndex((p) => p.id === profile.id)
    if (i >= 0) profiles.value.splice(i, 1, profile)
    else profiles.value.push(profile)
  }

  function subscribe() {
    const api = useDeskApi()
    unsubscribers = [
      api.on('connectivity', (c) => {
        connectivity.value = c
      }),
      api.on('profiles.changed', () => {
        void refreshProfiles()
      }),
      api.on('cache.updated', ({ endpoint }) => {
        cacheUpdates.value = { ...cacheUpdates.value, [endpoint]: (cacheUpdates.value[endpoint] ?? 0) + 1 }
      }),
      api.on('auth.required', ({ profileId, whileCached }) => {
        if (profileId !== activeProfileId.value) return
        tokenRefusedFor.value = profileId
        // A refused background refresh: the screen still shows the offline copy, so the banner asks.
        if (!whileCached) void requestToken(profileId)
      }),
      // Main keeps each notice until it is taken: those from before the window listened are taken at init.
      api.on('notices.pending', () => {
        if (ready.value) void takeNotices()
      }),
    ]
  }

  /** The field of a `setting_reset` notice in words; an unknown one is shown as it is. */
  function fieldName(field: string): string {
    const key = `notices.fields.${field.replace(/\./g, '_')}`
    const said = t(key)
    return said === key ? isolate(field, 100) : said
  }

  function showNotice(notice: AppNotice) {
    const warn = (content: string) => feedback().notification.warning({ content, keepAliveOnHover: true })
    switch (notice.kind) {
      case 'settings_reset':
        settingsNotice.value = 'settings_reset'
        return warn(t('settings.settingsReset'))
      case 'setting_reset':
        return warn(t('notices.settingReset', { field: fieldName(notice.field) }))
      case 'profile_dropped':
        return warn(
          notice.label
            ? t('notices.profileDropped', { label: isolate(notice.label, 80) })
            : t('notices.profileDroppedUnnamed'),
        )
      case 'profile_disabled':
        return warn(t(`notices.profileDisabled.${notice.reason}`, { label: isolate(notice.label, 80) }))
      case 'cache_rebuilt':
        useOfflineStore().rebuiltNotice = true
        return warn(t('notices.cacheRebuilt'))
      case 'renderer_crashed':
        return warn(t('notices.rendererCrashed'))
    }
  }

  /** Shows every notice main kept for the window (each is handed out once). */
  async function takeNotices() {
    const r = await useDeskApi().notices.take()
    if (r.ok) for (const notice of r.data.notices) showNotice(notice)
  }

  /** Loads profiles, settings and app info once; later callers wait for the same load. */
  function init(): Promise<void> {
    initPromise ??= (async () => {
      subscribe()
      await Promise.all([refreshProfiles(), loadSettings(), loadAppInfo()])
      // Only the language in use is loaded, now that it is known; the first screen waits for it
      // (the router waits for init), so no text shows untranslated.
      await Promise.all([
        setLocale(resolveLocale(settings.value.locale, appInfo.value?.systemLocale)),
        // Likewise the dark theme, when the settings ask for it: the first screen is not shown light.
        settingIsDark(settings.value.theme) ? loadDarkTheme() : undefined,
      ])
      ready.value = true
      // Said once, wherever the user is: what went wrong at start would otherwise go unnoticed.
      await takeNotices()
    })()
    return initPromise
  }

  function refreshProfiles(): Promise<Result<ProfilesState>> {
    return share('profiles.list', async () => {
      const r = await useDeskApi().profiles.list()
      if (r.ok) applyProfiles(r.data)
      return r
    })
  }

  async function loadSettings() {
    const r = await useDeskApi().settings.get()
    if (r.ok) {
      settings.value = r.data.settings
    }
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

  function testConnection(input: AppChannelInput<'profiles.testConnection'>) {
    return useDeskApi().profiles.testConnection(input)
  }

  async function afterSwitch(r: Result<Profile>): Promise<Result<Profile>> {
    if (r.ok) {
      upsertProfile(r.data)
      activeProfileId.value = r.data.id
      await refreshProfiles()
    }
    return r
  }

  async function createProfile(input: AppChannelInput<'profiles.create'>) {
    return afterSwitch(await useDeskApi().profiles.create(input))
  }

  function openDemo() {
    return share('profiles.openDemo', async () => afterSwitch(await useDeskApi().profiles.openDemo()))
  }

  async function activate(profileId: string) {
    return afterSwitch(await useDeskApi().profiles.activate({ profileId }))
  }

  async function removeProfile(profileId: string) {
    const r = await useDeskApi().profiles.remove({ profileId })
    if (r.ok) applyProfiles(r.data)
    return r
  }

  /** Opens the token dialog (once, however many calls failed) and resolves when it is answered. */
  function requestToken(profileId = activeProfileId.value): Promise<boolean> {
    if (!profileId) return Promise.resolve(false)
    if (!tokenPrompt.value) {
      const label = profiles.value.find((p) => p.id === profileId)?.label ?? profileId
      tokenPrompt.value = { profileId, label }
    }
    return new Promise((resolve) => promptWaiters.push(resolve))
  }

  function settlePrompt(renewed: boolean) {
    const waiters = promptWaiters
    promptWaiters = []
    tokenPrompt.value = null
    if (renewed) {
      tokenRenewals.value++
      tokenRefusedFor.value = null
    }
    for (const resolve of waiters) resolve(renewed)
  }

  /** Saves the token typed in the dialog; on failure the dialog stays open with the error. */
  async function submitToken(token: string, rememberToken?: boolean): Promise<Result<Profile>> {
    const prompt = tokenPrompt.value
    if (!prompt) throw new Error('no token was asked for')
    const r = await useDeskApi().profiles.setToken({ profileId: prompt.profileId, token, rememberToken })
    if (r.ok) {
      upsertProfile(r.data)
      settlePrompt(true)
    }
    return r
  }

  function cancelTokenPrompt() {
    settlePrompt(false)
  }

  /**
   * Runs a call; if the service refused the token, asks for a new one and runs the call again.
   * Resolves with the auth failure if the user cancels the dialog.
   */
  async function runAuthorized<T>(call: () => Promise<Result<T>>): Promise<Result<T>> {
    let r = await call()
    while (!r.ok && r.error.kind === 'auth') {
      tokenRefusedFor.value = activeProfileId.value
      if (!(await requestToken())) return r
      r = await call()
    }
    return r
  }

  function dispose() {
    for (const off of unsubscribers) off()
    unsubscribers = []
    initPromise = undefined
  }

  return {
    profiles,
    activeProfileId,
    activeProfile,
    workspaceId,
    settings,
    settingsNotice,
    appInfo,
    vault,
    connectivity,
    offline,
    cacheUpdates,
    tokenRenewals,
    tokenPrompt,
    tokenRefused,
    ready,
    init,
    refreshProfiles,
    loadSettings,
    loadAppInfo,
    loadVaultStatus,
    updateSettings,
    testConnection,
    createProfile,
    openDemo,
    activate,
    removeProfile,
    requestToken,
    submitToken,
    cancelTokenPrompt,
    runAuthorized,
    dispose,
  }
})
