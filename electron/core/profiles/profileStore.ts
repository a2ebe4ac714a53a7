import { randomUUID } from 'node:crypto'
import type { ProfileDisabledReason } from '../../contract/app/notices'
import { baseUrlProblem, type Profile, type ProfilesState } from '../../contract/app/profiles'
import { AppFailure, appError } from '../../contract/app/result'
import type { SettingsFile, StoredProfile } from '../settings/settingsFile'
import { secretAccount, type SecretStore } from '../vault/secretStore'

export const DEMO_PROFILE_ID = 'demo'

export interface ProfileStore {
  list(): Promise<ProfilesState>
  get(profileId: string): StoredProfile | undefined
  /** Same as get, with `hasToken` asked of the vault. */
  describe(profileId: string): Promise<Profile>
  /** The active profile, or null when none is, or when it is disabled. */
  active(): StoredProfile | null
  /** Null for a disabled profile: its token is never used. */
  tokenOf(profileId: string): Promise<string | null>
  /** Why a profile cannot be used (its stored address fails the connect form's rule), or null. */
  disabledReason(profile: Pick<StoredProfile, 'baseUrl'>): ProfileDisabledReason | null
  /** The profiles whose address fails the rule; a disabled active profile stops being active. */
  disableUnsafe(): Promise<StoredProfile[]>
  /** Adds or replaces a profile (same id), then stores its token; does not change the active profile. */
  save(profile: StoredProfile, token: string): Promise<Profile>
  setToken(profileId: string, token: string, rememberToken?: boolean): Promise<Profile>
  activate(profileId: string): Promise<Profile>
  /** Removes the profile and every secret of it; the next profile (or none) becomes active. */
  remove(profileId: string): Promise<ProfilesState>
}

export interface ProfileStoreDeps {
  file: SettingsFile
  secrets: SecretStore
  onActiveChanged?: (activeProfileId: string | null) => void
}

export function newProfileId(): string {
  return randomUUID()
}

/** Profiles live in the settings file; their tokens live in the vault under `token:<profileId>`. */
export function createProfileStore({ file, secrets, onActiveChanged }: ProfileStoreDeps): ProfileStore {
  const tokenAccount = (profileId: string) => secretAccount('token', profileId)

  function get(profileId: string): StoredProfile | undefined {
    return file.read().profiles.find((p) => p.id === profileId)
  }

  function need(profileId: string): StoredProfile {
    const profile = get(profileId)
    if (!profile) throw new AppFailure(appError('not_found', 'This profile does not exist'))
    return profile
  }

  const disabledReason = (profile: Pick<StoredProfile, 'baseUrl'>) => baseUrlProblem(profile.baseUrl)

  function usable(profileId: string): StoredProfile {
    const profile = need(profileId)
    const reason = disabledReason(profile)
    if (reason)
      throw new AppFailure(
        appError(
          'validation',
          reason === 'insecure_address'
            ? 'This profile is disabled: its address is not https, so its token would travel unencrypted'
            : 'This profile is disabled: its address is not a valid service address',
        ),
      )
    return profile
  }

  async function withToken(profile: StoredProfile): Promise<Profile> {
    const disabled = disabledReason(profile)
    if (disabled) return { ...profile, hasToken: false, disabled }
    // A keychain that does not answer must not hide the profiles: the token just counts as missing.
    const token = await secrets.get(tokenAccount(profile.id)).catch(() => null)
    return { ...profile, hasToken: token !== null }
  }

  async function list(): Promise<ProfilesState> {
    const doc = file.read()
    return {
      profiles: await Promise.all(doc.profiles.map(withToken)),
      activeProfileId: doc.activeProfileId,
    }
  }

  return {
    list,
    get,
    describe: async (profileId) => withToken(need(profileId)),
    active() {
      const doc = file.read()
      const profile = doc.profiles.find((p) => p.id === doc.activeProfileId)
      return profile && !disabledReason(profile) ? profile : null
    },
    async tokenOf(profileId) {
      const profile = get(profileId)
      if (profile && disabledReason(profile)) return null
      return secrets.get(tokenAccount(profileId))
    },
    disabledReason,
    async disableUnsafe() {
      const doc = file.read()
      const unsafe = doc.profiles.filter((p) => disabledReason(p) !== null)
      if (unsafe.some((p) => p.id === doc.activeProfileId)) {
        await file.update((d) => {
          d.activeProfileId = null
        })
        onActiveChanged?.(null)
      }
      return unsafe
    },
    async save(profile, token) {
      // The profile first: a token stored for a profile the disk refused would stay in the keychain
      // with nothing to ever remove it. A new profile whose token cannot be stored is taken back.
      const isNew = get(profile.id) === undefined
      await file.update((doc) => {
        const at = doc.profiles.findIndex((p) => p.id === profile.id)
        if (at >= 0) doc.profiles[at] = profile
        else doc.profiles.push(profile)
      })
      try {
        await secrets.set(tokenAccount(profile.id), token, { remember: profile.rememberToken })
      } catch (err) {
        if (isNew)
          await file
            .update((doc) => {
              doc.profiles = doc.profiles.filter((p) => p.id !== profile.id)
            })
            .catch(() => undefined)
        throw err
      }
      return withToken(profile)
    },
    async setToken(profileId, token, rememberToken) {
      const profile = usable(profileId)
      const remember = rememberToken ?? profile.rememberToken
      await secrets.set(tokenAccount(profileId), token, { remember })
      if (remember !== profile.rememberToken)
        await file.update((doc) => {
          const p = doc.profiles.find((x) => x.id === profileId)
          if (p) p.rememberToken = remember
        })
      return withToken(need(profileId))
    },
    async activate(profileId) {
      usable(profileId)
      const before = file.read().activeProfileId
      await file.update((doc) => {
        doc.activeProfileId = profileId
      })
      if (before !== profileId) onActiveChanged?.(profileId)
      return withToken(need(profileId))
    },
    async remove(profileId) {
      need(profileId)
      await secrets.deleteAllFor(profileId)
      const before = file.read().activeProfileId
      const doc = await file.update((d) => {
        d.profiles = d.profiles.filter((p) => p.id !== profileId)
        if (d.activeProfileId === profileId) d.activeProfileId = d.profiles[0]?.id ?? null
      })
      if (doc.activeProfileId !== before) onActiveChanged?.(doc.activeProfileId)
      return list()
    },
  }
}
