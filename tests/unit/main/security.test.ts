import { describe, expect, it } from 'vitest'
import { externalUrlToOpen } from '../../../electron/core/externalLinks'
import { trustedOrigins } from '../../../electron/main/ipc'
import { hardenWebContents, openAllowedExternal, restrictPermissions } from '../../../electron/main/security'
import { FakeWebContents, recorded, resetFakeElectron, shell } from './fakeElectron'

function hardened() {
  resetFakeElectron()
  const contents = new FakeWebContents()
  const openExternal = (url: string) => openAllowedExternal(url, externalUrlToOpen, shell)
  hardenWebContents(contents as never, { origins: trustedOrigins(['app://agent-desk']), openExternal })
  return contents
}

function fire(contents: FakeWebContents, name: string, url: string): boolean {
  let prevented = false
  contents.emit(name, { preventDefault: () => (prevented = true) }, url)
  return prevented
}

const flush = () => new Promise((r) => setTimeout(r, 0))

describe('navigation', () => {
  it.each(['https://evil.example.com/', 'http://localhost:5173/', 'file:///etc/passwd', 'app://other/index.html'])(
    'prevents will-navigate to %s',
    (url) => {
      expect(fire(hardened(), 'will-navigate', url)).toBe(true)
    },
  )

  it('lets the app navigate within its own origin', () => {
    expect(fire(hardened(), 'will-navigate', 'app://agent-desk/index.html#/chats')).toBe(false)
  })

  it('prevents a redirect to another origin', () => {
    const contents = hardened()
    expect(fire(contents, 'will-redirect', 'https://evil.example.com/')).toBe(true)
    expect(fire(contents, 'will-redirect', 'app://agent-desk/index.html')).toBe(false)
  })

  it('opens an https link the page navigated to in the system browser instead', async () => {
    const contents = hardened()
    fire(contents, 'will-navigate', 'https://docs.example.com/page')
    fire(contents, 'will-navigate', 'file:///etc/passwd')
    await flush()
    expect(recorded.openedExternal).toEqual(['https://docs.example.com/page'])
  })

  it('refuses to attach a <webview>', () => {
    expect(fire(hardened(), 'will-attach-webview', 'https://x.example.com')).toBe(true)
  })
})

describe('new windows', () => {
  it('denies every new window and sends only https links to shell.openExternal', async () => {
    const contents = hardened()
    const urls = [
      'https://gptmaker.ai/docs',
      'http://insecure.example.com/',
      'javascript:alert(1)',
      'file:///C:/Windows/System32/calc.exe',
      'smb://share/x',
      'https://user:pass@example.com/',
      'app://agent-desk/index.html',
      'not a url',
    ]
    for (const url of urls) expect(contents.windowOpenHandler?.({ url })).toEqual({ action: 'deny' })
    await flush()
    expect(recorded.openedExternal).toEqual(['https://gptmaker.ai/docs'])
  })
})

describe('openAllowedExternal', () => {
  it('opens exactly the URL it checked, normalized, never the raw text', async () => {
    resetFakeElectron()
    const raw = 'https://good.example\\@evil.example/a b'
    expect(await openAllowedExternal(raw, externalUrlToOpen, shell)).toBe(true)
    expect(recorded.openedExternal).toEqual(['https://good.example/@evil.example/a%20b'])
    recorded.openedExternal = []
    expect(await openAllowedExternal('https://exa\tmple.com/\npath', externalUrlToOpen, shell)).toBe(true)
    expect(recorded.openedExternal).toEqual(['https://example.com/path'])
  })

  it('answers whether the link was opened, and false when the shell fails', async () => {
    expect(await openAllowedExternal('https://a.example.com', externalUrlToOpen, shell)).toBe(true)
    expect(await openAllowedExternal('ftp://a.example.com', externalUrlToOpen, shell)).toBe(false)
    const broken = {
      openExternal: async () => {
        throw new Error('no browser')
      },
    }
    expect(await openAllowedExternal('https://a.example.com', externalUrlToOpen, broken)).toBe(false)
  })
})

describe('permissions', () => {
  type RequestHandler = (wc: unknown, permission: string, cb: (granted: boolean) => void, details?: unknown) => void
  type CheckHandler = (wc: unknown, permission: string, origin: string, details: unknown) => boolean
  function install() {
    let requestHandler: RequestHandler | null = null
    let checkHandler: CheckHandler | null = null
    let deviceHandler: ((...args: unknown[]) => boolean) | null = null
    restrictPermissions(
      {
        setDevicePermissionHandler: (h) => void (deviceHandler = h as typeof deviceHandler),
        setPermissionRequestHandler: (h) => void (requestHandler = h as typeof requestHandler),
        setPermissionCheckHandler: (h) => void (checkHandler = h as typeof checkHandler),
      },
      trustedOrigins(['app://agent-desk']),
    )
    const request = (permission: string, requestingUrl: string, isMainFrame = true) => {
      const answers: boolean[] = []
      requestHandler!({}, permission, (granted) => answers.push(granted), { requestingUrl, isMainFrame })
      return answers
    }
    const check = (permission: string, origin: string, isMainFrame = true) =>
      checkHandler!({}, permission, origin, { requestingUrl: `${origin}/index.html`, isMainFrame })
    return { request, check, device: deviceHandler! }
  }

  // Notifications stay denied to the page: main shows them (notifications.show, electron/main/notifications.ts).
  it('denies every permission request and check but the clipboard write', () => {
    const { request, check, device } = install()
    for (const permission of [
      'media',
      'geolocation',
      'notifications',
      'clipboard-read',
      'openExternal',
      'fullscreen',
    ]) {
      expect(request(permission, 'app://agent-desk/index.html')).toEqual([false])
      expect(check(permission, 'app://agent-desk')).toBe(false)
    }
    expect(device({ deviceType: 'usb', origin: 'app://agent-desk' })).toBe(false)
  })

  it("allows clipboard-sanitized-write (copy buttons) to the app's own main frame only", () => {
    const { request, check } = install()
    expect(request('clipboard-sanitized-write', 'app://agent-desk/index.html')).toEqual([true])
    expect(check('clipboard-sanitized-write', 'app://agent-desk')).toBe(true)
    expect(request('clipboard-sanitized-write', 'https://evil.example.com/')).toEqual([false])
    expect(check('clipboard-sanitized-write', 'https://evil.example.com')).toBe(false)
    expect(request('clipboard-sanitized-write', 'app://agent-desk/index.html', false)).toEqual([false])
    expect(check('clipboard-sanitized-write', 'app://agent-desk', false)).toBe(false)
    expect(check('clipboard-sanitized-write', '')).toBe(false)
  })
})
