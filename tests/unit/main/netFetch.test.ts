import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMediaFetch } from '../../../electron/core/media'
import { createShellFetch, type ShellNet } from '../../../electron/main/netFetch'
import { fakeNetFetch, fakeNetRequest } from './fakeNet'

/** Electron's `net` with Electron's redirect semantics (see fakeNet.ts), over real loopback HTTP. */
const net = { fetch: fakeNetFetch, request: fakeNetRequest } as unknown as ShellNet
const TOKEN = 'shell-fetch-token-456'

let service: Server
let foreign: Server
let serviceOrigin: string
let foreignOrigin: string
/**
 * The foreign server stands for a host on the internet (media refuses internal addresses): it is
 * called by a name the media's resolver gives a public address, and `publicNet` carries that name
 * to its loopback port.
 */
const FOREIGN_HOST = 'cdn.example.com'
let foreignPublic: string
const onLoopback = (url: string) => url.replace(`//${FOREIGN_HOST}:`, '//127.0.0.1:')
const publicNet = {
  fetch: (input: string, init?: RequestInit) => fakeNetFetch(onLoopback(input), init),
  request: (options: Parameters<typeof fakeNetRequest>[0]) =>
    fakeNetRequest({ ...options, url: onLoopback(options.url) }),
} as unknown as ShellNet
const seen: { server: string; method: string; url: string; headers: IncomingHttpHeaders; body: string }[] = []

function listen(server: Server): Promise<string> {
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve(`http://127.0.0.1:${(server.address() as AddressInfo).port}`)),
  )
}

type Answer = { status: number; headers: Record<string, string> }

function recordingServer(name: string, route: (url: string) => Answer) {
  return createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      seen.push({ server: name, method: req.method ?? '', url: req.url ?? '', headers: req.headers, body })
      const answer = route(req.url ?? '')
      res.writeHead(answer.status, answer.headers)
      res.end(answer.status === 200 ? `${name}:${req.url}` : '')
    })
  })
}

beforeAll(async () => {
  service = recordingServer('service', (url): Answer => {
    if (url === '/media/moved.png') return { status: 302, headers: { location: '/media/real.png' } }
    if (url === '/media/away.png') return { status: 302, headers: { location: `${foreignPublic}/cdn/real.png` } }
    if (url === '/v2/moved') return { status: 307, headers: { location: 'https://elsewhere.example/v2/moved' } }
    return { status: 200, headers: { 'content-type': 'image/png' } }
  })
  foreign = recordingServer('foreign', () => ({ status: 200, headers: { 'content-type': 'image/png' } }))
  serviceOrigin = await listen(service)
  foreignOrigin = await listen(foreign)
  foreignPublic = foreignOrigin.replace('127.0.0.1', FOREIGN_HOST)
})
afterAll(() => {
  service.close()
  foreign.close()
})

describe("the fake reproduces Electron's net.fetch", () => {
  it("rejects a manual redirect instead of answering the 3xx (Node's fetch answers it)", async () => {
    await expect(fakeNetFetch(`${serviceOrigin}/media/moved.png`, { redirect: 'manual' })).rejects.toThrow(
      'Redirect was cancelled',
    )
    const node = await fetch(`${serviceOrigin}/media/moved.png`, { redirect: 'manual' })
    expect(node.status).toBe(302)
  })

  it("rejects a redirect under redirect: 'error' without saying where to", async () => {
    await expect(fakeNetFetch(`${serviceOrigin}/v2/moved`, { redirect: 'error' })).rejects.toThrow(
      "Attempted to redirect, but redirect policy was 'error'",
    )
  })
})

describe('the shell fetch', () => {
  const shellFetch = createShellFetch(net)

  it('answers a manual redirect with the 3xx and its absolute target, without following it', async () => {
    seen.length = 0
    const res = await shellFetch(`${serviceOrigin}/media/moved.png`, { redirect: 'manual' })
    expect(res.status).toBe(302)
    expect(res.headers.get('location')).toBe(`${serviceOrigin}/media/real.png`)
    expect(seen.map((s) => s.url)).toEqual(['/media/moved.png'])
  })

  it('sends method, headers and body, and streams the answer', async () => {
    seen.length = 0
    const res = await shellFetch(`${serviceOrigin}/v2/thing`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
      body: '{"a":1}',
    })
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('service:/v2/thing')
    expect(seen[0]).toMatchObject({ method: 'POST', body: '{"a":1}', headers: { authorization: 'Bearer x' } })
  })

  it('rejects when aborted', async () => {
    const controller = new AbortController()
    controller.abort()
    await expect(shellFetch(`${serviceOrigin}/x`, { redirect: 'manual', signal: controller.signal })).rejects.toThrow()
  })

  it('leaves the other redirect modes to net.fetch', async () => {
    const res = await shellFetch(`${serviceOrigin}/media/moved.png`, { redirect: 'follow' })
    expect(await res.text()).toBe('service:/media/real.png')
  })
})

describe('media through the shell fetch, with Electron semantics', () => {
  const media = (fetchImpl: ShellNet['fetch']) =>
    createMediaFetch({
      fetch: fetchImpl,
      activeProfile: () => ({ id: 'p1', baseUrl: serviceOrigin }),
      tokenOf: async () => TOKEN,
      resolveHost: async (hostname) => (hostname === FOREIGN_HOST ? ['93.184.215.14'] : []),
    })

  it('loads a media file that answers 302 (net.fetch alone fails it)', async () => {
    expect((await media((i, init) => net.fetch(i, init))(`${serviceOrigin}/media/moved.png`)).status).toBe(502)
    seen.length = 0
    const res = await media(createShellFetch(net))(`${serviceOrigin}/media/moved.png`)
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('service:/media/real.png')
    expect(seen.map((s) => [s.url, s.headers.authorization])).toEqual([
      ['/media/moved.png', `Bearer ${TOKEN}`],
      ['/media/real.png', `Bearer ${TOKEN}`],
    ])
  })

  it('follows a redirect to another host without the token', async () => {
    seen.length = 0
    const res = await media(createShellFetch(publicNet))(`${serviceOrigin}/media/away.png`)
    expect(await res.text()).toBe('foreign:/cdn/real.png')
    expect(seen.map((s) => [s.server, s.headers.authorization])).toEqual([
      ['service', `Bearer ${TOKEN}`],
      ['foreign', undefined],
    ])
  })
})
