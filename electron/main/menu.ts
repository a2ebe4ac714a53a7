import type { MenuItemConstructorOptions } from 'electron'

export interface MenuOptions {
  appName: string
  platform: NodeJS.Platform
  /** Developer tools and reload only where the app is run from source. */
  isDevelopment: boolean
  openHelp: () => void
}

/** The standard menu, built from roles so the OS provides the behaviour and the translations. */
export function buildMenuTemplate({
  appName,
  platform,
  isDevelopment,
  openHelp,
}: MenuOptions): MenuItemConstructorOptions[] {
  const isMac = platform === 'darwin'
  const appMenu: MenuItemConstructorOptions[] = isMac
    ? [
        {
          label: appName,
          submenu: [
            { role: 'about' },
            { type: 'separator' },
            { role: 'services' },
            { type: 'separator' },
            { role: 'hide' },
            { role: 'hideOthers' },
            { role: 'unhide' },
            { type: 'separator' },
            { role: 'quit' },
          ],
        },
      ]
    : []
  const developerItems: MenuItemConstructorOptions[] = isDevelopment
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, { type: 'separator' }]
    : []
  return [
    ...appMenu,
    { label: 'File', submenu: [isMac ? { role: 'close' } : { role: 'quit' }] },
    {
      label: 'Edit',
      submenu: [
        { role: 'undo' },
        { role: 'redo' },
        { type: 'separator' },
        { role: 'cut' },
        { role: 'copy' },
        { role: 'paste' },
        ...(isMac ? [{ role: 'pasteAndMatchStyle' } as const] : []),
        { role: 'delete' },
        { role: 'selectAll' },
      ],
    },
    {
      label: 'View',
      submenu: [
        ...developerItems,
        { role: 'resetZoom' },
        { role: 'zoomIn' },
        { role: 'zoomOut' },
        { type: 'separator' },
        { role: 'togglefullscreen' },
      ],
    },
    {
      label: 'Window',
      submenu: isMac
        ? [{ role: 'minimize' }, { role: 'zoom' }, { type: 'separator' }, { role: 'front' }]
        : [{ role: 'minimize' }, { role: 'close' }],
    },
    { role: 'help', submenu: [{ label: `${appName} documentation`, click: openHelp }] },
  ]
}
