import { createServer, request as httpRequest } from 'node:http'
import type { AddressInfo } from 'node:net'
import { CONTENT_SECURITY_POLICY } from '../../electron/main/protocol'
import { BRIDGE } from '../../preview/bridge'
import { expect, test } from './fixtures'

/** A raw HTTP GET with any headers (fetch would not let a test forge Host). */
function rawGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { headers }, (res) => {
      res.resume()
      resolve(res.statusCode ?? 0)
    })
    req.on('error', reject)
    req.end()
  })
}

async function secretOf(url: string): Promise<string> {
  const script = await (await fetch(new URL(BRIDGE.script, url))).text()
  return /"secret":"([^"]+)"/.exec(script)![1]
}

test.describe('the preview host', () => {
  test('answers bridge calls only with this launch’s secret', async ({ preview }) => {
    const invoke = (headers: Record<string, string>) =>
      fetch(new URL(BRIDGE.invoke, preview.url), {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ channel: 'app:profiles.list' }),
      })
    expect((await invoke({})).status).toBe(403)
    expect((await invoke({ [BRIDGE.secretHeader]: 'guessed' })).status).toBe(403)
    const ok = await invoke({ [BRIDGE.secretHeader]: await secretOf(preview.url) })
    expect(ok.status).toBe(200)
    expect(await ok.json()).toEqual({ ok: true, data: { profiles: [], activeProfileId: null } })

    const events = await fetch(new URL(`${BRIDGE.events}?s=wrong`, preview.url))
    expect(events.status).toBe(403)
    const media = await fetch(
      new URL(`${BRIDGE.media}?u=${encodeURIComponent('http://example.com/a.png')}`, preview.url),
    )
    expect(media.status).toBe(403)
  })

  test('refuses another Host (DNS rebinding), other origins, and paths outside the renderer', async ({ preview }) => {
    const port = new URL(preview.url).port
    expect(await rawGet(preview.url, { host: `evil.example:${port}` })).toBe(421)
    expect(await rawGet(preview.url, { origin: 'http://evil.example' })).toBe(403)
    expect(await rawGet(preview.url, { 'sec-fetch-site': 'cross-site' })).toBe(403)
    expect(await rawGet(new URL('/%2e%2e/package.json', preview.url).href, {})).toBe(404)
    expect(await rawGet(new URL('/..%2fpackage.json', preview.url).href, {})).toBe(404)

    const index = await fetch(preview.url)
    expect(index.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
    expect(await index.text()).toContain(`<script src="${BRIDGE.script}"></script>`)
  })

  test('a page of another origin cannot load the bridge, so it gets no window.api', async ({ page, preview }) => {
    const other = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end(`<!doctype html><script src="${new URL(BRIDGE.script, preview.url)}"></script><p>other site</p>`)
    })
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve))
    try {
      // localhost and 127.0.0.1 are different origins, as another site would be.
      await page.goto(`http://localhost:${(other.address() as AddressInfo).port}/`)
      await expect(page.getByText('other site')).toBeVisible()
      expect(await page.evaluate(() => typeof (window as { api?: unknown }).api)).toBe('undefined')
    } finally {
      other.close()
    }
  })

  test('gives the page the same window.api as the preload: every operation, on() and mediaUrl()', async ({
    page,
    preview,
  }) => {
    await page.goto(preview.url)
    const shape = await page.evaluate(() => ({
      groups: Object.keys(window.api).sort(),
      agentOps: Object.keys(window.api.agents).sort(),
      frozen: Object.isFrozen(window.api),
      media: window.api.mediaUrl('https://cdn.example/a b.png'),
    }))
    expect(shape.groups).toEqual(expect.arrayContaining(['agents', 'profiles', 'settings', 'vault', 'on', 'mediaUrl']))
    expect(shape.agentOps).toEqual(expect.arrayContaining(['list', 'create', 'get', 'update', 'delete']))
    expect(shape.frozen).toBe(true)
    expect(shape.media).toMatch(/^\/__bridge\/media\?u=https%3A%2F%2Fcdn\.example%2Fa%20b\.png&s=/)

    // A push event reaches a subscriber, and stops after unsubscribe. The subscription is in place
    // (this evaluate has returned) and the page's event stream open before the event is sent.
    type Seen = { once: unknown[]; all: unknown[] }
    await page.evaluate(() => {
      const seen: Seen = { once: [], all: [] }
      const off = window.api.on('connectivity', (payload) => {
        off()
        seen.once.push(payload)
      })
      window.api.on('connectivity', (payload) => seen.all.push(payload))
      Object.assign(window, { seen })
    })
    await expect.poll(() => preview.eventSubscribers()).toBeGreaterThan(0)
    const seen = () => page.evaluate(() => (window as unknown as { seen: Seen }).seen)
    preview.core.setOnline(false)
    await expect.poll(seen).toEqual({ once: [expect.objectContaining({ online: false })], all: [expect.anything()] })
    // The second event reaches the listener still subscribed, not the one that unsubscribed.
    preview.core.setOnline(true)
    await expect.poll(async () => (await seen()).all).toHaveLength(2)
    expect((await seen()).once).toHaveLength(1)
  })
})
