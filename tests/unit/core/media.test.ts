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
    if (req.url === '/to-foreign') {
      res.writeHead(302, { location: `${foreignOrigin}/image.png` })
      res.end()
    } else if (req.url === '/to-self') {
      res.writeHead(302, { location: '/image.png' })
      res.end()
    } else {
      res.writeHead(200, { 'content-type': 'image/png' })
      res.end(Buffer.from([1, 2, 3]))
    }
  })
  foreign = createServer((req, res) => {
    seen.push({ server: 'foreign', url: req.url ?? '', headers: req.headers })
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
  it("adds the token for the active profile's own origin", async () => {
    seen.length = 0
    const res = await mediaFor(`${serviceOrigin}/`)(`${serviceOrigin}/avatar.png`)
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
    const away = await mediaFor(serviceOrigin)(`${serviceOrigin}/to-foreign`)
    expect([...new Uint8Array(await away.arrayBuffer())]).toEqual([9])
    expect(seen.map((s) => [s.server, s.headers.authorization])).toEqual([
      ['service', `Bearer ${TOKEN}`],
      ['foreign', undefined],
    ])
    seen.length = 0
    await mediaFor(serviceOrigin)(`${serviceOrigin}/to-self`)
    expect(seen.map((s) => s.headers.authorization)).toEqual([`Bearer ${TOKEN}`, `Bearer ${TOKEN}`])
  })

  it('fetches without a token when no profile is active', async () => {
    seen.length = 0
    await mediaFor(null)(`${serviceOrigin}/avatar.png`)
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
