import { createServer, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { FetchLike } from '../../../electron/core/api'
import { isInternalAddress } from '../../../electron/core/internalAddress'
import { createMediaFetch, MEDIA_SECURITY_HEADERS, type MediaDeps } from '../../../electron/core/media'

const TOKEN = 'media-secret-token-123'

/**
 * Real loopback servers: the service (on loopback, like the demo service, reached by its address)
 * and a foreign host. The foreign host stands for a server on the internet: it is called by a name
 * (FOREIGN_HOST) that the test's resolver gives a public address, and the test's network carries
 * that name to its loopback port. A third server (`internal`) is only ever reached by an internal
 * address, and must never see a request.
 */
let service: Server
let foreign: Server
let internal: Server
let serviceOrigin: string
let foreignOrigin: string
let internalPort: number
const FOREIGN_HOST = 'cdn.example.com'
const PUBLIC_ADDRESS = '93.184.215.14'
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
    } else if (req.url === '/media/to-internal') {
      res.writeHead(302, { location: `http://127.0.0.1:${internalPort}/secret` })
      res.end()
    } else if (req.url === '/media/page.html') {
      res.writeHead(200, { 'content-type': 'text/html', 'set-cookie': 'a=b' })
      res.end('<script>parent.api.steal()</script>')
    } else if (req.url === '/media/big.bin') {
      res.writeHead(200, { 'content-type': 'application/octet-stream' })
      res.end(Buffer.alloc(2000))
    } else if (req.url === '/media/big-declared.bin') {
      res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': '2000' })
      res.end(Buffer.alloc(2000))
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
    if (req.url === '/to-internal') {
      res.writeHead(302, { location: `http://localhost:${internalPort}/admin` })
      res.end()
      return
    }
    if (req.url === '/to-metadata') {
      res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' })
      res.end()
      return
    }
    res.writeHead(200, { 'content-type': 'image/png' })
    res.end(Buffer.from([9]))
  })
  internal = createServer((req, res) => {
    seen.push({ server: 'internal', url: req.url ?? '', headers: req.headers })
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end('router admin page')
  })
  serviceOrigin = `http://127.0.0.1:${await listen(service)}`
  foreignOrigin = `http://${FOREIGN_HOST}:${await listen(foreign)}`
  internalPort = await listen(internal)
})
afterAll(() => {
  service.close()
  foreign.close()
  internal.close()
})

/** The test's network: the foreign host's name leads to its loopback port. */
const network: FetchLike = (input, init) => {
  const url = new URL(input)
  if (url.hostname === FOREIGN_HOST) url.hostname = '127.0.0.1'
  return fetch(url.href, init)
}

/** The test's resolver: the foreign host is public, a few names are internal, the rest are the system's. */
const NAMES: Record<string, string[]> = {
  [FOREIGN_HOST]: [PUBLIC_ADDRESS],
  'intranet.example.com': ['10.0.0.7'],
  'split.example.com': [PUBLIC_ADDRESS, '192.168.1.1'],
  'mapped.example.com': ['::ffff:127.0.0.1'],
}
const resolveHost: MediaDeps['resolveHost'] = async (hostname) => {
  const known = NAMES[hostname]
  if (known) return known
  if (hostname === 'localhost') return ['127.0.0.1', '::1']
  throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' })
}

const mediaFor = (baseUrl: string | null, extra: Partial<MediaDeps> = {}) =>
  createMediaFetch({
    fetch: network,
    activeProfile: () => (baseUrl ? { id: 'p1', baseUrl } : null),
    tokenOf: async () => TOKEN,
    resolveHost,
    ...extra,
  })

function expectMediaHeaders(res: Response) {
  expect(res.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'")
  expect(res.headers.get('x-content-type-options')).toBe('nosniff')
}

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
    expect((await mediaFor(null)(`${foreignOrigin}/media/avatar.png`)).status).toBe(200)
    expect(seen.map((s) => [s.server, s.headers.authorization])).toEqual([['foreign', undefined]])
  })

  it.each([
    'file:///etc/passwd',
    'data:text/plain,hi',
    'javascript:alert(1)',
    'nonsense',
    'http://u:p@cdn.example.com/',
  ])('refuses %s without fetching', async (url) => {
    seen.length = 0
    const res = await mediaFor(serviceOrigin)(url)
    expect(res.status).toBe(400)
    expect(seen).toHaveLength(0)
  })

  it('answers 502 when the host cannot be reached or its name does not resolve', async () => {
    // The service's own origin may be internal; its port is closed here.
    expect((await mediaFor('http://127.0.0.1:1')('http://127.0.0.1:1/media/x.png')).status).toBe(502)
    expect((await mediaFor(serviceOrigin)('http://nowhere.invalid/x.png')).status).toBe(502)
  })
})

describe('media fetch: internal addresses', () => {
  it.each([
    ['loopback, by address', () => `http://127.0.0.1:${internalPort}/x.png`],
    ['loopback, by name', () => `http://localhost:${internalPort}/x.png`],
    ['loopback, IPv6', () => `http://[::1]:${internalPort}/x.png`],
    ['loopback, IPv4-mapped IPv6', () => `http://[::ffff:127.0.0.1]:${internalPort}/x.png`],
    ['loopback, as one decimal number', () => `http://2130706433:${internalPort}/x.png`],
    ['loopback, in hex', () => `http://0x7f.1:${internalPort}/x.png`],
    ['the unspecified address', () => `http://0.0.0.0:${internalPort}/x.png`],
    ['a private IPv4 address', () => 'http://192.168.0.1/router.png'],
    ['a private IPv4 address (10/8)', () => 'http://10.1.2.3/x.png'],
    ['a private IPv4 address (172.16/12)', () => 'http://172.20.0.5/x.png'],
    ['carrier-grade NAT', () => 'http://100.64.0.1/x.png'],
    ['the cloud metadata service (link-local)', () => 'http://169.254.169.254/latest/meta-data/'],
    ['a link-local IPv6 address', () => 'http://[fe80::1]/x.png'],
    ['a unique-local IPv6 address', () => 'http://[fd12:3456::1]/x.png'],
    ['NAT64 to loopback', () => 'http://[64:ff9b::7f00:1]/x.png'],
    ['6to4 to loopback', () => 'http://[2002:7f00:1::]/x.png'],
    ['a name that resolves to a private address', () => 'http://intranet.example.com/x.png'],
    ['a name with one public and one private address', () => 'http://split.example.com/x.png'],
    ['a name that resolves to IPv4-mapped loopback', () => 'http://mapped.example.com/x.png'],
  ])('refuses %s (403) without sending anything', async (_what, target) => {
    seen.length = 0
    const res = await mediaFor(serviceOrigin)(target())
    expect(res.status).toBe(403)
    expectMediaHeaders(res)
    expect(seen).toEqual([])
  })

  it('refuses them with no profile active too', async () => {
    seen.length = 0
    expect((await mediaFor(null)(`http://127.0.0.1:${internalPort}/x.png`)).status).toBe(403)
    expect(seen).toEqual([])
  })

  it("keeps the service's own origin, internal as it is (the demo service runs on loopback)", async () => {
    seen.length = 0
    const res = await mediaFor(serviceOrigin)(`${serviceOrigin}/media/a.png`)
    expect(res.status).toBe(200)
    expect(seen.map((s) => s.server)).toEqual(['service'])
  })

  it('refuses a redirect to an internal address, from the service or from a foreign host', async () => {
    seen.length = 0
    expect((await mediaFor(serviceOrigin)(`${serviceOrigin}/media/to-internal`)).status).toBe(403)
    expect((await mediaFor(serviceOrigin)(`${foreignOrigin}/to-internal`)).status).toBe(403)
    expect((await mediaFor(serviceOrigin)(`${foreignOrigin}/to-metadata`)).status).toBe(403)
    expect(seen.map((s) => s.server)).toEqual(['service', 'foreign', 'foreign'])
  })

  it('answers 504 when the resolver does not answer in time', async () => {
    const slow = mediaFor(serviceOrigin, { timeoutMs: 20, resolveHost: () => new Promise<string[]>(() => {}) })
    expect((await slow('http://slow.example.com/x.png')).status).toBe(504)
  })
})

describe('media fetch: what the page gets', () => {
  it('sends every answer with a sandbox CSP and nosniff, and only the headers a player needs', async () => {
    const page = await mediaFor(serviceOrigin)(`${serviceOrigin}/media/page.html`)
    expect(page.status).toBe(200)
    expectMediaHeaders(page)
    expect(page.headers.get('content-type')).toBe('text/html')
    expect(page.headers.get('set-cookie')).toBeNull()
    for (const refused of [
      await mediaFor(serviceOrigin)('javascript:alert(1)'),
      await mediaFor(serviceOrigin)('http://10.0.0.1/x'),
      await mediaFor(serviceOrigin)('http://nowhere.invalid/x'),
    ])
      expectMediaHeaders(refused)
    expect(MEDIA_SECURITY_HEADERS).toEqual({
      'Content-Security-Policy': "sandbox; default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
    })
  })

  it('refuses a file that declares a length past the limit, and cuts off one that goes past it', async () => {
    const small = mediaFor(serviceOrigin, { maxBytes: 1000 })
    expect((await small(`${serviceOrigin}/media/big-declared.bin`)).status).toBe(502)
    const streamed = await small(`${serviceOrigin}/media/big.bin`)
    expect(streamed.status).toBe(200)
    await expect(streamed.arrayBuffer()).rejects.toThrow(/larger than/)
    const fits = await mediaFor(serviceOrigin, { maxBytes: 2000 })(`${serviceOrigin}/media/big.bin`)
    expect((await fits.arrayBuffer()).byteLength).toBe(2000)
  })
})

describe('internal addresses', () => {
  it.each([
    '8.8.8.8',
    '93.184.215.14',
    '172.32.0.1',
    '100.128.0.1',
    '2001:4860:4860::8888',
    '[2606:4700::1111]',
    '::ffff:8.8.8.8',
    '64:ff9b::808:808',
    '2002:808:808::1',
  ])('lets the public address %s through', (address) => {
    expect(isInternalAddress(address)).toBe(false)
  })

  it.each([
    '127.0.0.1',
    '127.255.255.254',
    '10.0.0.1',
    '172.16.0.1',
    '172.31.255.255',
    '192.168.1.1',
    '169.254.169.254',
    '100.64.0.1',
    '0.0.0.0',
    '224.0.0.1',
    '255.255.255.255',
    '::',
    '::1',
    '[::1]',
    'fe80::1%eth0',
    'fd00::1',
    'fec0::1',
    'ff02::1',
    '::ffff:10.0.0.1',
    '::ffff:7f00:1',
    '::127.0.0.1',
    '64:ff9b::a9fe:a9fe',
    '2002:c0a8:101::',
    'not an address',
  ])('counts %s as internal', (address) => {
    expect(isInternalAddress(address)).toBe(true)
  })
})
