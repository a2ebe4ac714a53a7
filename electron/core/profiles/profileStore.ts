import { randomUUID } from 'node:crypto'
import type { Profile, ProfilesState } from '../../contract/app/profiles'
import { AppFailure, appError } from '../../contract/app/result'
import type { SettingsFile, StoredProfile } from '../settings/settingsFile'
import { secretAccount, type SecretStore } from '../vault/secretStore'

export const DEMO_PROFILE_ID = 'demo'

export interface ProfileStore {
  list(): Promise<ProfilesState>
  get(profileId: string): StoredProfile | undefined
  /** Same as get, with `hasToken` asked of the vault. */
  describe(profileId: string): Promise<Profile>
  active(): StoredProfile | null
  tokenOf(profileId: string): Promise<string | null>
  /** Adds or replaces a profile (same id) and stores its token; does not change the active profile. */
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

  async function withToken(profile: StoredProfile): Promise<Profile> {
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
      return doc.profiles.find((p) => p.id === doc.activeProfileId) ?? null
    },
    tokenOf: (profileId) => secrets.get(tokenAccount(profileId)),
    async save(profile, token) {
      await secrets.set(tokenAccount(profile.id), token, { remember: profile.rememberToken })
      await file.update((doc) => {
        const at = doc.profiles.findIndex((p) => p.id === profile.id)
        if (at >= 0) doc.profiles[at] = profile
        else doc.profiles.push(profile)
      })
      return withToken(profile)
    },
    async setToken(profileId, token, rememberToken) {
      const profile = need(profileId)
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
      need(profileId)
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
