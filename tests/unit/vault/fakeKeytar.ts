import type { KeytarModule } from '../../../electron/core/vault'

/**
 * A stand-in for keytar over one keychain that outlives the vaults opened on it (as the OS keychain
 * outlives the app): `slow()` makes it stop answering until `answer()`, as a keychain locked at login.
 */
export function fakeKeychain() {
  const items = new Map<string, string>()
  let gate: Promise<void> | null = null
  let open: () => void = () => undefined
  const wait = async () => {
    if (gate) await gate
  }
  const keytar: KeytarModule = {
    getPassword: async (service, account) => (await wait(), items.get(`${service}/${account}`) ?? null),
    setPassword: async (service, account, password) => {
      await wait()
      items.set(`${service}/${account}`, password)
    },
    deletePassword: async (service, account) => (await wait(), items.delete(`${service}/${account}`)),
    findCredentials: async (service) => {
      await wait()
      return [...items]
        .filter(([k]) => k.startsWith(`${service}/`))
        .map(([k, password]) => ({ account: k.slice(service.length + 1), password }))
    },
  }
  return {
    keytar,
    loader: async () => keytar,
    items,
    slow() {
      gate = new Promise<void>((resolve) => (open = resolve))
    },
    answer() {
      gate = null
      open()
    },
  }
}
