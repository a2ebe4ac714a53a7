// The app loads one language, the one in use (src/i18n/index.ts); renderer tests switch between them
// at will and expect a switch to be immediate, as it is once a language is loaded: both are loaded
// first. Other tests (main, core, contract) skip it and the cost of importing the renderer's i18n.
import { expect } from 'vitest'

if (expect.getState().testPath?.replaceAll('\\', '/').includes('/tests/unit/renderer/')) {
  const { LOCALES, loadLocale } = await import('@/i18n')
  await Promise.all(LOCALES.map(loadLocale))
}
