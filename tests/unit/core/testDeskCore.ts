import { createDeskCore, type DeskCore, type DeskCoreOptions } from '../../../electron/main/deskCore'
import { startSandbox } from '../../../electron/sandbox/index'
import { fakeSafeStorage } from '../vault/fakeSafeStorage'

/**
 * The core as the shell composes it, for a test: no keychain (a fake safeStorage; pass the same one
 * to open a restart's files), the demo on an embedded service, no retries. `options` override.
 */
export function testDeskCore(userDataDir: string, options: Partial<DeskCoreOptions> = {}): Promise<DeskCore> {
  return createDeskCore({
    isPackaged: false,
    userDataDir,
    fetch: (input, init) => fetch(input, init),
    keytarLoader: null,
    safeStorage: fakeSafeStorage(),
    startDemoService: ({ dbFile, token }) =>
      startSandbox({ port: 0, host: '127.0.0.1', token, dbFile, bigChat: false }),
    openExternal: () => {},
    appInfo: { version: '0.0.0', platform: process.platform, systemLocale: 'en', preview: false },
    apiRetries: 0,
    ...options,
  })
}
