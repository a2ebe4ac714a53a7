import { test as base } from './fixtures'
import { startHostileService, type HostileService } from '../hostile/server'

/** The preview connected to a hostile service (tests/hostile/server.ts) instead of the demo. */
export const test = base.extend<{ hostile: HostileService }>({
  hostile: async ({}, use) => {
    const hostile = await startHostileService()
    await use(hostile)
    await hostile.close()
  },
  previewOptions: async ({ hostile }, use) => {
    await use({
      systemLocale: 'en-US',
      service: {
        url: hostile.url,
        token: hostile.token,
        // Behind the vendor gate, the service's own links (the redirecting avatar) point at the gate.
        onPublicUrl: (url) => hostile.publishAs(url),
      },
    })
  },
})

export { expect } from './fixtures'
