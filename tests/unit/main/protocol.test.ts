import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import {
  CONTENT_SECURITY_POLICY,
  createMediaHandler,
  createRendererHandler,
  registerPrivilegedSchemes,
  resolveRendererFile,
} from '../../../electron/main/protocol'

let root: string
let outside: string
let serve: (request: Request) => Promise<Response>

beforeAll(() => {
  const base = mkdtempSync(path.join(tmpdir(), 'agent-desk-protocol-'))
  root = path.join(base, 'renderer')
  outside = path.join(base, 'secret.txt')
  mkdirSync(path.join(root, 'assets'), { recursive: true })
  writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>Agent Desk</title>')
  writeFileSync(path.join(root, 'assets', 'index-abc.js'), 'console.log(1)')
  writeFileSync(path.join(root, 'assets', 'index-abc.css'), 'body{}')
  writeFileSync(path.join(root, 'assets', 'logo.svg'), '<svg/>')
  writeFileSync(path.join(root, 'assets', 'font.woff2'), 'w')
  writeFileSync(outside, 'do not serve me')
  serve = createRendererHandler(root)
})

afterAll(() => rmSync(path.dirname(root), { recursive: true, force: true }))

const get = (url: string, method = 'GET') => serve(new Request(url, { method }))

describe('app:// protocol', () => {
  it('exports the strict CSP the app is served with', () => {
    expect(CONTENT_SECURITY_POLICY).toBe(
      "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: agent-media:; " +
        "media-src 'self' agent-media:; connect-src 'self'; font-src 'self' data:; object-src 'none'; base-uri 'none'; " +
        "frame-ancestors 'none'; form-action 'none'",
    )
  })

  it.each([
    ['app://agent-desk/index.html', 200, 'text/html; charset=utf-8'],
    ['app://agent-desk/', 200, 'text/html; charset=utf-8'],
    ['app://agent-desk/assets/index-abc.js', 200, 'text/javascript; charset=utf-8'],
    ['app://agent-desk/assets/index-abc.css', 200, 'text/css; charset=utf-8'],
    ['app://agent-desk/assets/logo.svg', 200, 'image/svg+xml'],
    ['app://agent-desk/assets/font.woff2', 200, 'font/woff2'],
  ])('serves %s with status %i, its MIME type and the CSP', async (url, status, type) => {
    const res = await get(url)
    expect(res.status).toBe(status)
    expect(res.headers.get('content-type')).toBe(type)
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('serves the file contents', async () => {
    expect(await (await get('app://agent-desk/assets/index-abc.js')).text()).toBe('console.log(1)')
  })

  it('answers a client-side route with index.html, so a reload stays in the app', async () => {
    const res = await get('app://agent-desk/agents/123')
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('<title>Agent Desk</title>')
  })

  it('answers a missing asset with 404 and still sends the CSP', async () => {
    const res = await get('app://agent-desk/assets/missing.js')
    expect(res.status).toBe(404)
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
  })

  // Encoded traversals reach the resolver and are refused (403); `%2e%2e/` is a dot segment the URL
  // parser itself removes, so it asks for /secret.txt inside the root, which is not there (404).
  it.each([
    ['app://agent-desk/..%2fsecret.txt', 403],
    ['app://agent-desk/%2e%2e%2fsecret.txt', 403],
    ['app://agent-desk/%2e%2e/secret.txt', 404],
    ['app://agent-desk/assets/..%2f..%2fsecret.txt', 403],
    ['app://agent-desk/..%5csecret.txt', 403],
    ['app://agent-desk/%00index.html', 403],
    ['app://agent-desk/%E0%A4%A', 403],
  ])('refuses the path traversal %s (%i)', async (url, status) => {
    const res = await get(url)
    expect(res.status).toBe(status)
    expect(await res.text()).not.toContain('do not serve me')
    expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
  })

  it('keeps every resolved file inside the root', () => {
    expect(resolveRendererFile(root, '/assets/index-abc.js')).toBe(path.join(root, 'assets', 'index-abc.js'))
    expect(resolveRendererFile(root, '/')).toBe(path.join(root, 'index.html'))
    expect(resolveRendererFile(root, '/../secret.txt')).toBeNull()
    expect(resolveRendererFile(root, '/assets/../../secret.txt')).toBeNull()
    expect(resolveRendererFile(root, '/..%2fsecret.txt')).toBeNull()
    expect(resolveRendererFile(root, '/a%5cb')).toBeNull()
  })

  it('refuses another host and methods other than GET and HEAD', async () => {
    expect((await get('app://other/index.html')).status).toBe(404)
    expect((await get('app://agent-desk/index.html', 'POST')).status).toBe(405)
    const head = await get('app://agent-desk/index.html', 'HEAD')
    expect(head.status).toBe(200)
    expect(await head.text()).toBe('')
  })

  it('registers app:// and agent-media:// as privileged standard secure schemes, media streamable', () => {
    const calls: unknown[] = []
    registerPrivilegedSchemes({ registerSchemesAsPrivileged: (s) => void calls.push(...s) })
    expect(calls).toEqual([
      { scheme: 'app', privileges: { standard: true, secure: true, supportFetchAPI: true } },
      { scheme: 'agent-media', privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
    ])
  })
})

describe('agent-media:// protocol', () => {
  it('fetches the ?u= URL through the core and streams back the body and content type only', async () => {
    const asked: string[] = []
    const handler = createMediaHandler(async (url) => {
      asked.push(url)
      return new Response('PNGDATA', {
        status: 200,
        headers: { 'content-type': 'image/png', 'set-cookie': 'a=b', authorization: 'Bearer tok' },
      })
    })
    const target = 'https://cdn.example.com/a.png?sig=1&x=2'
    const res = await handler(new Request(`agent-media://media/?u=${encodeURIComponent(target)}`))
    expect(asked).toEqual([target])
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect(res.headers.get('authorization')).toBeNull()
    expect(res.headers.get('set-cookie')).toBeNull()
    expect(await res.text()).toBe('PNGDATA')
  })

  it('sends every answer, refusals and failures included, as a sandboxed document that is never sniffed', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const html = createMediaHandler(
      async () => new Response('<script>x()</script>', { headers: { 'content-type': 'text/html' } }),
    )
    const failing = createMediaHandler(async () => {
      throw new Error('network down')
    })
    const u = '?u=https%3A%2F%2Fx.example%2Fa.html'
    for (const res of [
      await html(new Request(`agent-media://media/${u}`)),
      await html(new Request(`agent-media://media/${u}`, { method: 'HEAD' })),
      await html(new Request(`agent-media://media/${u}`, { method: 'POST' })),
      await html(new Request('agent-media://media/')),
      await failing(new Request(`agent-media://media/${u}`)),
    ]) {
      expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'")
      expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    }
    consoleError.mockRestore()
  })

  it('answers 400 without a u parameter and 502 when the fetch fails', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {})
    const failing = createMediaHandler(async () => {
      throw new Error('network down')
    })
    expect((await failing(new Request('agent-media://media/'))).status).toBe(400)
    expect((await failing(new Request('agent-media://media/?u=https%3A%2F%2Fx.example%2Fa.png'))).status).toBe(502)
    consoleError.mockRestore()
  })

  it('passes the upstream status through', async () => {
    const handler = createMediaHandler(async () => new Response(null, { status: 404 }))
    expect((await handler(new Request('agent-media://media/?u=https%3A%2F%2Fx.example%2Fa.png'))).status).toBe(404)
  })
})
