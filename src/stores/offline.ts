import { defineStore } from 'pinia'
import { computed, ref } from 'vue'
import type { AppError, CacheHealth, CacheUsage, Result, SearchGroup, SyncedScope, SyncProgress } from '@contract'
import { useDeskApi } from '@/api'
import { onProfileChange } from './onProfileChange'
import { useSessionStore } from './session'

/** Scope key of a sync: '' is the whole workspace, else the agent id. */
const scopeKey = (agentId: string | null | undefined) => agentId ?? ''

/**
 * The offline cache as the renderer sees it: "make available offline" jobs and their progress,
 * the search over cached messages, and the size of each profile's cache.
 */
export const useOfflineStore = defineStore('offline', () => {
  /** The latest job of each scope of the active profile, by scope key. */
  const jobs = ref<Record<string, SyncProgress>>({})
  const scopes = ref<SyncedScope[]>([])
  /** `scopes` holds the main process's answer for the active profile (not only the empty start). */
  const scopesLoaded = ref(false)
  const usage = ref<CacheUsage[]>([])
  /** Bytes of every profile's offline copy together, against the storage budget (Settings). */
  const storage = ref<{ usedBytes: number; budgetBytes: number } | null>(null)
  const rebuiltNotice = ref(false)
  /** Whether the active profile's cache works; when off, why (shown in Settings, never silent). */
  const cacheHealth = ref<CacheHealth>({ state: 'ok' })

  const searchQuery = ref('')
  const searchResults = ref<SearchGroup[]>([])
  const searching = ref(false)
  const searchError = ref<AppError | null>(null)
  let searchSeq = 0

  let unsubscribers: (() => void)[] = []

  // What the store holds belongs to the active profile's cache (jobs, scopes, found messages):
  // another profile starts from nothing and asks its own cache, so no account sees another's.
  const session = useSessionStore()
  onProfileChange((now) => {
    jobs.value = {}
    scopes.value = []
    scopesLoaded.value = false
    searchSeq++
    searchQuery.value = ''
    searchResults.value = []
    searchError.value = null
    searching.value = false
    if (now) void loadStatus()
  })

  const anyRunning = computed(() => Object.values(jobs.value).some((j) => j.state === 'running'))

  function jobOf(agentId?: string | null): SyncProgress | undefined {
    return jobs.value[scopeKey(agentId)]
  }

  function remember(progress: SyncProgress) {
    jobs.value = { ...jobs.value, [scopeKey(progress.agentId)]: progress }
  }

  /** Listens to sync progress and cache notices; call once when the shell mounts. */
  function subscribe() {
    if (unsubscribers.length > 0) return
    const api = useDeskApi()
    unsubscribers = [
      api.on('sync.progress', (p) => {
        remember(p)
        // A finished job changes the scopes' last sync; the job itself is already up to date here.
        if (p.state !== 'running') void loadStatus({ scopesOnly: true })
      }),
      api.on('offline.notice', (n) => {
        if (n.notice === 'cache_rebuilt') rebuiltNotice.value = true
        else void loadStatus()
        // The keychain answered: the vault's backend is known now, and the cache may open.
        if (n.notice === 'keychain_answered') {
          void session.loadVaultStatus()
          void loadUsage()
        }
      }),
    ]
  }

  function unsubscribe() {
    for (const off of unsubscribers) off()
    unsubscribers = []
  }

  async function loadStatus(opts: { scopesOnly?: boolean } = {}): Promise<Result<unknown>> {
    const asked = session.activeProfileId
    const r = await useDeskApi().sync.status()
    // An answer about the profile that was active before a switch says nothing of this one.
    if (asked !== session.activeProfileId) return r
    if (r.ok) cacheHealth.value = r.data.cache
    if (r.ok) scopesLoaded.value = true
    if (r.ok && opts.scopesOnly) scopes.value = r.data.scopes
    else if (r.ok) {
      const latest: Record<string, SyncProgress> = {}
      for (const job of r.data.jobs) latest[scopeKey(job.agentId)] = job
      jobs.value = latest
      scopes.value = r.data.scopes
    }
    return r
  }

  async function startSync(agentId?: string): Promise<Result<SyncProgress>> {
    const r = await useDeskApi().sync.start(agentId ? { agentId } : {})
    if (r.ok) remember(r.data)
    return r
  }

  async function cancelSync(jobId: string): Promise<Result<{ cancelled: boolean }>> {
    return useDeskApi().sync.cancel({ jobId })
  }

  /** Runs a search; an answer that arrives after a newer query was typed is dropped. */
  async function search(query: string, chatId?: string): Promise<void> {
    searchQuery.value = query
    const seq = ++searchSeq
    if (query.trim() === '') {
      searchResults.value = []
      searchError.value = null
      searching.value = false
      return
    }
    searching.value = true
    const r = await useDeskApi().search.messages({ query: query.trim(), limit: 50, ...(chatId ? { chatId } : {}) })
    if (seq !== searchSeq) return
    searching.value = false
    if (r.ok) {
      searchResults.value = r.data.groups
      searchError.value = null
    } else {
      searchResults.value = []
      searchError.value = r.error
    }
  }

  async function loadUsage(): Promise<Result<unknown>> {
    const r = await useDeskApi().offline.usage()
    if (r.ok) {
      usage.value = r.data.profiles
      storage.value = r.data.storage ?? null
    }
    return r
  }

  /** "Try again": opens the profile's cache anew (the keychain answered, or a missing key is back). */
  async function retry(profileId?: string): Promise<Result<unknown>> {
    const r = await useDeskApi().offline.retry(profileId ? { profileId } : {})
    if (r.ok) {
      usage.value = r.data.profiles
      if (!profileId || profileId === session.activeProfileId) cacheHealth.value = r.data.cache
      void session.loadVaultStatus()
    }
    return r
  }

  async function clear(profileId?: string): Promise<Result<unknown>> {
    const r = await useDeskApi().offline.clear(profileId ? { profileId } : {})
    if (r.ok) {
      usage.value = r.data.profiles
      jobs.value = {}
      scopes.value = []
      searchResults.value = []
      // A cleared file that could not be used is replaced by a new one on next use.
      void loadStatus()
    }
    return r
  }

  return {
    jobs,
    scopes,
    scopesLoaded,
    usage,
    storage,
    rebuiltNotice,
    cacheHealth,
    searchQuery,
    searchResults,
    searching,
    searchError,
    anyRunning,
    jobOf,
    subscribe,
    unsubscribe,
    loadStatus,
    startSync,
    cancelSync,
    search,
    loadUsage,
    clear,
    retry,
  }
})
