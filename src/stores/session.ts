import { defineStore, storeToRefs } from 'pinia'
import { computed, ref } from 'vue'
import type { AppChannelInput, PushEventPayload, Profile, ProfilesState, Result } from '@contract'
import { useDeskApi } from '@/api'
import { loadDarkTheme, settingIsDark } from '@/composables/darkTheme'
import { resolveLocale, setLocale } from '@/i18n'
import { createInFlight } from './inFlight'
import { takeNotices } from './notices'
import { useSettingsStore } from './settings'
import { useTokenPromptStore } from './tokenPrompt'

export { DEFAULT_SETTINGS } from './settings'
export type { TokenPrompt } from './tokenPrompt'

export type Connectivity = PushEventPayload<'connectivity'>

/**
 * Profiles, connectivity and the app's start: the state every screen shares. The settings
 * (`./settings`), the notices (`./notices`) and the token dialog (`./tokenPrompt`) are their own
 * modules; this store also hands out their state so a screen reads one session. Other stores run
 * their calls through `runAuthorized` so a refused token is asked for once and the call re-run.
 */
export const useSessionStore = defineStore('session', () => {
  const profiles = ref<Profile[]>([])
  const activeProfileId = ref<string | null>(null)
  const connectivity = ref<Connectivity>({ online: true, since: Date.now() })
  /** Bumped for each `cache.updated` push, per endpoint, so a view re-reads what it shows. */
  const cacheUpdates = ref<Record<string, number>>({})
  const settingsStore = useSettingsStore()
  const { settings, settingsNotice, appInfo, vault } = storeToRefs(settingsStore)
  const { loadSettings, loadAppInfo, loadVaultStatus, updateSettings } = settingsStore
  const token = useTokenPromptStore()
  const { tokenRenewals, tokenPrompt, tokenRefusedFor } = storeToRefs(token)
  const { cancelTokenPrompt } = token
  const ready = ref(false)

  const activeProfile = computed(() => profiles.value.find((p) => p.id === activeProfileId.value) ?? null)
  /** The active profile's workspace ('' without one): what the workspace screens read. */
  const workspaceId = computed(() => activeProfile.value?.workspaceId ?? '')
  const offline = computed(() => !connectivity.value.online)
  const tokenRefused = computed(() => !!tokenRefusedFor.value && tokenRefusedFor.value === activeProfileId.value)

  const share = createInFlight()
  let initPromise: Promise<void> | undefined
  let unsubscribers: (() => void)[] = []

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
    return token.requestToken(profileId, profiles.value.find((p) => p.id === profileId)?.label ?? profileId)
  }

  /** Saves the token typed in the dialog; on failure the dialog stays open with the error. */
  async function submitToken(typed: string, rememberToken?: boolean): Promise<Result<Profile>> {
    const r = await token.submitToken(typed, rememberToken)
    if (r.ok) upsertProfile(r.data)
    return r
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
