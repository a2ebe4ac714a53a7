import { EventEmitter } from 'node:events'
import { fakeNetFetch, fakeNetRequest } from './fakeNet'

/**
 * A hand-written stand-in for the `electron` module (the binary cannot run here). It records what
 * the shell asks of Electron so tests assert on it, and lets them fire the events Electron would.
 * Used with `vi.mock('electron', () => import('./fakeElectron'))`.
 */

type Handler = (...args: unknown[]) => unknown

export const recorded = {
  privilegedSchemes: [] as { scheme: string; privileges: Record<string, boolean> }[],
  protocolHandlers: new Map<string, (request: Request) => Promise<Response> | Response>(),
  ipcHandlers: new Map<string, Handler>(),
  windows: [] as FakeBrowserWindow[],
  openedExternal: [] as string[],
  exposed: new Map<string, unknown>(),
  menuTemplate: null as unknown[] | null,
  permissionRequestHandler: null as Handler | null,
  permissionCheckHandler: null as Handler | null,
  devicePermissionHandler: null as Handler | null,
  quitCalls: 0,
  sandboxEnabled: false,
  errorBoxes: [] as { title: string; content: string }[],
  /** What the next save dialog answers: a path, or null for "cancelled". */
  saveDialogAnswer: null as string | null,
  saveDialogs: [] as { defaultPath?: string }[],
  exitCodes: [] as number[],
  singleInstanceLock: true,
  rendererListeners: new Map<string, Handler[]>(),
  rendererInvokes: [] as { channel: string; input: unknown }[],
}

export function resetFakeElectron(): void {
  recorded.privilegedSchemes = []
  recorded.protocolHandlers.clear()
  recorded.ipcHandlers.clear()
  recorded.windows = []
  recorded.openedExternal = []
  recorded.exposed.clear()
  recorded.menuTemplate = null
  recorded.permissionRequestHandler = null
  recorded.permissionCheckHandler = null
  recorded.devicePermissionHandler = null
  recorded.quitCalls = 0
  recorded.sandboxEnabled = false
  recorded.errorBoxes = []
  recorded.saveDialogAnswer = null
  recorded.saveDialogs = []
  recorded.exitCodes = []
  recorded.singleInstanceLock = true
  recorded.rendererListeners.clear()
  recorded.rendererInvokes = []
  app.removeAllListeners()
}

class FakeApp extends EventEmitter {
  isPackaged = true
  readonly userDataDir: { path: string } = { path: '/tmp/agent-desk-fake-user-data' }
  getPath(name: string): string {
    return name === 'userData' ? this.userDataDir.path : `/tmp/${name}`
  }
  setPath(name: string, value: string): void {
    if (name === 'userData') this.userDataDir.path = value
  }
  getName(): string {
    return 'Agent Desk'
  }
  getVersion(): string {
    return '0.1.0-test'
  }
  getLocale(): string {
    return 'pt-BR'
  }
  enableSandbox(): void {
    recorded.sandboxEnabled = true
  }
  whenReady(): Promise<void> {
    return Promise.resolve()
  }
  requestSingleInstanceLock(): boolean {
    return recorded.singleInstanceLock
  }
  quit(): void {
    recorded.quitCalls += 1
  }
  exit(code = 0): void {
    recorded.exitCodes.push(code)
  }
}
export const app = new FakeApp()

export class FakeFrame {
  parent: FakeFrame | null = null
  constructor(
    public url: string,
    public processId = 1,
    public routingId = 1,
  ) {}
}

export class FakeWebContents extends EventEmitter {
  mainFrame = new FakeFrame('app://agent-desk/index.html')
  sent: { channel: string; args: unknown[] }[] = []
  destroyed = false
  windowOpenHandler: ((details: { url: string }) => { action: string }) | null = null
  loadedUrl: string | null = null
  send(channel: string, ...args: unknown[]): void {
    this.sent.push({ channel, args })
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  setWindowOpenHandler(handler: (details: { url: string }) => { action: string }): void {
    this.windowOpenHandler = handler
  }
}

export class FakeBrowserWindow extends EventEmitter {
  static getAllWindows(): FakeBrowserWindow[] {
    return recorded.windows.filter((w) => !w.destroyed)
  }
  webContents = new FakeWebContents()
  shown = false
  maximized = false
  minimized = false
  focused = false
  destroyed = false
  constructor(public options: { webPreferences?: Record<string, unknown>; [key: string]: unknown }) {
    super()
    recorded.windows.push(this)
    app.emit('web-contents-created', {}, this.webContents)
  }
  async loadURL(url: string): Promise<void> {
    this.webContents.loadedUrl = url
  }
  show(): void {
    this.shown = true
  }
  focus(): void {
    this.focused = true
  }
  maximize(): void {
    this.maximized = true
  }
  isMaximized(): boolean {
    return this.maximized
  }
  isMinimized(): boolean {
    return this.minimized
  }
  restore(): void {
    this.minimized = false
  }
  isDestroyed(): boolean {
    return this.destroyed
  }
  getNormalBounds() {
    const o = this.options as { x?: number; y?: number; width?: number; height?: number }
    return { x: o.x ?? 0, y: o.y ?? 0, width: o.width ?? 800, height: o.height ?? 600 }
  }
}
export const BrowserWindow = FakeBrowserWindow

export const ipcMain = {
  handle(channel: string, handler: Handler): void {
    if (recorded.ipcHandlers.has(channel)) throw new Error(`Attempted to register a second handler for '${channel}'`)
    recorded.ipcHandlers.set(channel, handler)
  },
  removeHandler(channel: string): void {
    recorded.ipcHandlers.delete(channel)
  },
}

export const ipcRenderer = {
  invoke(channel: string, input: unknown): Promise<unknown> {
    recorded.rendererInvokes.push({ channel, input })
    return Promise.resolve({ ok: true, data: { channel } })
  },
  on(channel: string, listener: Handler) {
    const list = recorded.rendererListeners.get(channel) ?? []
    list.push(listener)
    recorded.rendererListeners.set(channel, list)
    return ipcRenderer
  },
  send(): void {
    throw new Error('the preload must not send')
  },
}

export const contextBridge = {
  exposeInMainWorld(key: string, value: unknown): void {
    recorded.exposed.set(key, value)
  },
}

export const protocol = {
  registerSchemesAsPrivileged(schemes: { scheme: string; privileges: Record<string, boolean> }[]): void {
    recorded.privilegedSchemes.push(...schemes)
  },
  handle(scheme: string, handler: (request: Request) => Promise<Response> | Response): void {
    recorded.protocolHandlers.set(scheme, handler)
  },
}

export const session = {
  defaultSession: {
    setPermissionRequestHandler(handler: Handler): void {
      recorded.permissionRequestHandler = handler
    },
    setPermissionCheckHandler(handler: Handler): void {
      recorded.permissionCheckHandler = handler
    },
    setDevicePermissionHandler(handler: Handler): void {
      recorded.devicePermissionHandler = handler
    },
  },
}

export const shell = {
  async openExternal(url: string): Promise<void> {
    recorded.openedExternal.push(url)
  },
}

export const Menu = {
  buildFromTemplate(template: unknown[]) {
    recorded.menuTemplate = template
    return { template }
  },
  setApplicationMenu(): void {},
}

export const dialog = {
  showErrorBox(title: string, content: string): void {
    recorded.errorBoxes.push({ title, content })
  },
  async showSaveDialog(...args: unknown[]): Promise<{ canceled: boolean; filePath: string }> {
    recorded.saveDialogs.push(args[args.length - 1] as { defaultPath?: string })
    const answer = recorded.saveDialogAnswer
    return answer ? { canceled: false, filePath: answer } : { canceled: true, filePath: '' }
  },
}

export const screen = {
  getAllDisplays() {
    return [{ workArea: { x: 0, y: 0, width: 1920, height: 1080 } }]
  },
}

export const net = {
  online: true,
  isOnline(): boolean {
    return net.online
  },
  // Electron's semantics (a manual redirect rejects), not Node's: see fakeNet.ts.
  fetch: fakeNetFetch,
  request: fakeNetRequest,
}

/** Reversible "encryption" so the vault's safeStorage path works without an OS keyring. */
export const safeStorage = {
  isEncryptionAvailable: () => true,
  encryptString: (text: string) => Buffer.from(text, 'utf8').reverse(),
  decryptString: (data: Buffer) => Buffer.from(data).reverse().toString('utf8'),
  getSelectedStorageBackend: () => 'gnome_libsecret' as const,
}

/** Electron's Notification: recorded when shown; a test emits 'click' on it. */
export class Notification extends EventEmitter {
  static isSupported = () => true
  static shown: Notification[] = []
  constructor(readonly options: { title?: string; body?: string }) {
    super()
  }
  show() {
    Notification.shown.push(this)
  }
}

export default {
  app,
  Notification,
  BrowserWindow,
  ipcMain,
  ipcRenderer,
  contextBridge,
  protocol,
  session,
  shell,
  Menu,
  screen,
  dialog,
  net,
  safeStorage,
}
