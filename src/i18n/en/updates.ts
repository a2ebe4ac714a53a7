export default {
  notice: {
    label: 'App update',
    downloading: 'Downloading Agent Desk {version}…',
    downloadingAny: 'Downloading an update…',
    ready: 'Agent Desk {version} is ready to install.',
    readyAny: 'An update is ready to install.',
    restart: 'Restart to update',
    later: 'Later',
    failed: 'The update could not be downloaded. Agent Desk will try again later.',
    dismiss: 'Dismiss',
  },
  /** For a "Check for updates" control (Settings). */
  status: {
    check: 'Check for updates',
    automatic: 'Check for updates automatically',
    unsupported: 'This build does not update itself (development or browser preview).',
    checking: 'Checking for updates…',
    none: 'Agent Desk is up to date.',
    available: 'Agent Desk {version} is available and downloading.',
    downloading: 'Downloading Agent Desk {version}: {percent}%',
    downloaded: 'Agent Desk {version} is ready: restart to install it.',
    error: 'Could not check for updates: {message}',
  },
}
