import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createMediaFetch } from '../../../electron/core/media'

const TOKEN = 'media-secret-token-123'

/** Two real loopback servers: the service and a foreign host (another port is another origin). */
let service: Server
let foreign: Server
let serviceOrigin: string
let foreignOrigin: string
const seen: { server: string; url: string; headers: IncomingHttpHeaders }[] = []

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)))
}

beforeAll(async () => {
  service = createServer((req, res) => {
    seen.push({ server: 'service', url: req.url ?? '', headers: req.headers })
    if (req.url === '/media/to-foreign') {
      res.writeHead(302, { location: `${foreignOrigin}/image.png` })
      res.end()
    } else if (req.url === '/media/to-self') {
      res.writeHead(302, { location: '/media/image.png' })
      res.end()
    } else if (req.url === '/media/to-api') {
      res.writeHead(307, { location: '/v2/mcp/m1/sync-tools' })
      res.end()
    } else {
      res.writeHead(200, { 'content-type': 'image/png' })
      res.end(Buffer.from([1, 2, 3]))
    }
  })
  foreign = createServer((req, res) => {
    seen.push({ server: 'foreign', url: req.url ?? '', headers: req.headers })
    if (req.url === '/back-to-service') {
      res.writeHead(302, { location: `${serviceOrigin}/media/image.png` })
      res.end()
      return
    }
    res.writeHead(200, { 'content-type': 'image/png' })
    res.end(Buffer.from([9]))
  })
  serviceOrigin = `http://127.0.0.1:${await listen(service)}`
  foreignOrigin = `http://127.0.0.1:${await listen(foreign)}`
})
afterAll(() => {
  service.close()
  foreign.close()
})

const mediaFor = (baseUrl: string | null) =>
  createMediaFetch({
    fetch: (input, init) => fetch(input, init),
    activeProfile: () => (baseUrl ? { id: 'p1', baseUrl } : null),
    tokenOf: async () => TOKEN,
  })

describe('media fetch', () => {
  it("adds the token for a media file of the active profile's service", async () => {
    seen.length = 0
    const res = await mediaFor(`${serviceOrigin}/`)(`${serviceOrigin}/media/avatar.png`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('image/png')
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([1, 2, 3])
    expect(seen[0].headers.authorization).toBe(`Bearer ${TOKEN}`)
  })

  it('never sends the token to another host', async () => {
    seen.length = 0
    const res = await mediaFor(serviceOrigin)(`${foreignOrigin}/pic.png`)
    expect(res.status).toBe(200)
    expect(seen).toHaveLength(1)
    expect(seen[0].headers.authorization).toBeUndefined()
  })

  it('drops the token when the service redirects to another host, keeps it on a same-origin redirect', async () => {
    seen.length = 0
    const away = await mediaFor(serviceOrigin)(`${serviceOrigin}/media/to-foreign`)
    expect([...new Uint8Array(await away.arrayBuffer())]).toEqual([9])
    expect(seen.map((s) => [s.server, s.headers.authorization])).toEqual([
      ['service', `Bearer ${TOKEN}`],
      ['foreign', undefined],
    ])
    seen.length = 0
    await mediaFor(serviceOrigin)(`${serviceOrigin}/media/to-self`)
    expect(seen.map((s) => s.headers.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`])
  })

  it.each([
    '/v2/mcp/m1/sync-tools',
    '/v2/workspaces',
    '/avatar.png',
    '/media/',
    '/media/..%2fv2/workspaces',
    '/media/%2E%2E/v2/workspaces',
    '/media/x%5c..%5cv2',
    '/media//v2/workspaces',
  ])('never sends the token to %s on the service origin, which is not a media file of the service', async (p) => {
    seen.length = 0
    await mediaFor(serviceOrigin)(`${serviceOrigin}${p}`)
    expect(seen.length).toBeGreaterThan(0)
    expect(seen.every((s) => s.headers.authorization === undefined)).toBe(true)
  })

  it('drops the token when a media file redirects to an API route of the same service', async () => {
    seen.length = 0
    await mediaFor(serviceOrigin)(`${serviceOrigin}/media/to-api`)
    expect(seen.map((s) => [s.url, s.headers.authorization])).toEqual([
      ['/media/to-api', `Bearer ${TOKEN}`],
      ['/v2/mcp/m1/sync-tools', undefined],
    ])
  })

  it('never sends the token again once a redirect chain has left the service, even back to a media file', async () => {
    seen.length = 0
    const res = await mediaFor(serviceOrigin)(`${foreignOrigin}/back-to-service`)
    expect(res.status).toBe(200)
    expect(seen.map((s) => [s.server, s.headers.authorization])).toEqual([
      ['foreign', undefined],
      ['service', undefined],
    ])
  })

  it('keeps a base URL with a folder: its media folder is under it', async () => {
    seen.length = 0
    await mediaFor(`${serviceOrigin}/tenant`)(`${serviceOrigin}/tenant/media/a.png`)
    await mediaFor(`${serviceOrigin}/tenant`)(`${serviceOrigin}/media/a.png`)
    expect(seen.map((s) => s.headers.authorization)).toEqual([`Bearer ${TOKEN}`, undefined])
  })

  it('fetches without a token when no profile is active', async () => {
    seen.length = 0
    await mediaFor(null)(`${serviceOrigin}/media/avatar.png`)
    expect(seen[0].headers.authorization).toBeUndefined()
  })

  it.each(['file:///etc/passwd', 'data:text/plain,hi', 'javascript:alert(1)', 'nonsense', 'http://u:p@127.0.0.1/'])(
    'refuses %s without fetching',
    async (url) => {
      seen.length = 0
      const res = await mediaFor(serviceOrigin)(url)
      expect(res.status).toBe(400)
      expect(seen).toHaveLength(0)
    },
  )

  it('answers 502 when the host cannot be reached', async () => {
    const res = await mediaFor(serviceOrigin)('http://127.0.0.1:1/x.png')
    expect(res.status).toBe(502)
  })
})
