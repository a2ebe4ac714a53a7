export default {
  nav: {
    label: 'Main navigation',
    agents: 'Agents',
    settings: 'Settings',
  },
  topBar: {
    profile: 'Profile',
    noProfile: 'No profile',
    addProfile: 'Add a profile…',
    openDemo: 'Open the demo workspace',
    removeProfile: 'Remove “{label}”…',
    themeToLight: 'Switch to light theme',
    themeToDark: 'Switch to dark theme',
    disabledProfile: 'disabled',
    language: 'Language',
  },
  disabledProfile: {
    title: 'This profile is disabled',
  },
  removeProfile: {
    title: 'Remove this profile?',
    body: '“{label}” will be removed from this computer with its saved token and offline data. The workspace on the service is not touched.',
    confirm: 'Remove profile',
    done: 'Profile removed',
  },
  tokenRefused: {
    banner: 'The service refused the token of “{label}”. What you see was saved earlier and is not being updated.',
    action: 'Enter a new token',
  },
  offline: {
    banner: 'Offline since {time}',
    retrying: 'retrying',
  },
  demoBadge: 'Demo',
  demoProfileLabel: 'Demo workspace',
}
