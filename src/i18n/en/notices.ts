export default {
  settingReset: 'A setting in the settings file was invalid and is back to its default: {field}.',
  fields: {
    version: 'file version',
    profiles: 'profile list',
    activeProfileId: 'active profile',
    settings: 'all settings',
    settings_locale: 'language',
    settings_theme: 'theme',
    settings_refreshIntervalMinutes: 'refresh interval',
    settings_autoUpdate: 'automatic updates',
    windowBounds: 'window size and position',
  },
  profileDropped: 'The profile {label} could not be read from the settings file and was removed with its token.',
  profileDroppedUnnamed: 'A profile could not be read from the settings file and was removed with its token.',
  profileDisabled: {
    insecure_address:
      'The profile {label} is disabled: its address is not https, so its token would travel unencrypted. Remove it and connect again.',
    invalid_address:
      'The profile {label} is disabled: its address is not a valid service address. Remove it and connect again.',
  },
  cacheRebuilt: 'The offline data of a profile was damaged and has been set aside; it fills again as you work.',
}
