import { languageNames } from '../properNames'

export default {
  title: 'Settings',
  appearance: 'Appearance',
  theme: 'Theme',
  themes: { system: 'Follow the system', light: 'Light', dark: 'Dark' },
  language: 'Language',
  languages: { system: 'Follow the system', ...languageNames },
  security: 'Security',
  vault: 'Where tokens are kept',
  vaultBackends: {
    keytar: 'System keychain',
    safeStorage: 'Encrypted with the operating system’s key',
    memory: 'Memory only (forgotten when the app closes)',
  },
  vaultWeak:
    'This system offers no real keychain: saved tokens are only obfuscated on disk. Install and unlock a keyring (e.g. GNOME Keyring or KWallet) and restart the app.',
  vaultWaiting:
    'Waiting for the keychain: it has not answered yet (it may be locked). Tokens and offline data are read from it as soon as it answers.',
  vaultUnknown: 'Unknown',
  about: 'About',
  version: 'Version {version} ({platform})',
  saved: 'Saved',
  settingsReset: 'The settings file was damaged and has been reset to the defaults.',
}
