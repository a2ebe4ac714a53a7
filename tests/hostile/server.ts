import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startSandbox, type RunningSandbox } from '../../electron/sandbox/index'

/**
 * A hostile service for tests: the embedded service behind a loopback proxy that answers like it,
 * except for the hostile cases it serves on purpose:
 *
 * - agents named with a right-to-left override (`invoice` U+202E `fdp.exe`) and of one megabyte;
 * - an agent whose read fails with an error text of two megabytes (`HOSTILE_ERROR_AGENT`);
 * - media that answers 302 to another media file of the same service (`/media/redirect/<name>`);
 * - an API route answering 307 to another host (the contacts search).
 *
 * Absolute URLs of the embedded service in its answers are rewritten to the proxy's, so media and
 * links stay on the one origin the profile knows.
 */
export const RLO = '\u202E'
export const BIDI_AGENT = {
  id: 'hostile-bidi',
  name: `invoice${RLO}fdp.exe`,
  type: 'SUPPORT',
  communicationType: 'NORMAL',
}
export const HUGE_NAME = `Huge ${'W'.repeat(1_048_576)}`
export const HUGE_AGENT = { id: 'hostile-huge', name: HUGE_NAME, type: 'SALE', communicationType: 'FORMAL' }
export const HOSTILE_ERROR_AGENT = 'hostile-error'
/** How many chats the hostile service sends for any first page of the chat list. */
export const FLOOD_CHATS = 5_000
export const HUGE_ERROR = `The service refused this: ${'E'.repeat(2 * 1_048_576)}`
export const REDIRECT_TARGET = 'https://elsewhere.example/v2/contacts'

export interface HostileService {
  url: string
  token: string
  workspaceId: string
  sandbox: RunningSandbox
  /**
   * The address the app reaches this service by, when a proxy (the vendor gate) stands in front:
   * links in answers (avatars, media) then point at it, as the service's own links would.
   */
  publishAs(publicUrl: string): void
  close(): Promise<void>
}

export async function startHostileService(token = 'hostile-token-0123456789'): Promise<HostileService> {
  const sandbox = await startSandbox({ port: 0, host: '127.0.0.1', token, bigChat: false })
  let url = ''
  let publicUrl = ''
  const withProxyOrigin = (text: string) => text.split(sandbox.url).join(publicUrl || url)

  async function forward(req: IncomingMessage): Promise<{ status: number; headers: Headers; body: Buffer }> {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const headers = new Headers()
    for (const [k, v] of Object.entries(req.headers)) if (typeof v === 'string' && k !== 'host') headers.set(k, v)
    const res = await fetch(`${sandbox.url}${req.url ?? '/'}`, {
      method: req.method,
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : undefined,
      redirect: 'manual',
    })
    return { status: res.status, headers: res.headers, body: Buffer.from(await res.arrayBuffer()) }
  }

  const json = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify(body))
  }

  const server: Server = createServer((req, res) => {
    void (async () => {
      const path = (req.url ?? '/').split('?')[0]
      if (path.startsWith('/media/redirect/')) {
        res.writeHead(302, { location: `/media/${path.slice('/media/redirect/'.length)}` })
        return res.end()
      }
      if (path === `/v2/workspace/${sandbox.workspaceId}/search`) {
        res.writeHead(307, { location: REDIRECT_TARGET })
        return res.end()
      }
      if (path === `/v2/agent/${HOSTILE_ERROR_AGENT}`) return json(res, 400, { error: HUGE_ERROR })
      if (path === `/v2/agent/${BIDI_AGENT.id}`) return json(res, 200, hostileAgent(BIDI_AGENT))
      if (path === `/v2/agent/${HUGE_AGENT.id}`) return json(res, 200, hostileAgent(HUGE_AGENT))
      const answer = await forward(req)
      let body = answer.body
      const type = answer.headers.get('content-type') ?? ''
      if (type.includes('json')) {
        let text = withProxyOrigin(body.toString('utf8'))
        if (req.method === 'GET' && path === `/v2/workspace/${sandbox.workspaceId}/agents`) {
          const list = JSON.parse(text) as unknown
          const extra = [
            hostileAgent(BIDI_AGENT),
            hostileAgent(HUGE_AGENT),
            { ...hostileAgent(BIDI_AGENT), id: HOSTILE_ERROR_AGENT, name: 'Agent whose read fails' },
          ]
          if (Array.isArray(list)) list.unshift(...extra)
          else if (list && typeof list === 'object' && Array.isArray((list as { data?: unknown }).data))
            (list as { data: unknown[] }).data.unshift(...extra)
          text = JSON.stringify(list)
        }
        if (req.method === 'GET' && path === `/v2/workspace/${sandbox.workspaceId}/chats`) {
          // A service that ignores pageSize: the first page comes back with FLOOD_CHATS chats.
          const list = JSON.parse(text) as Record<string, unknown>[]
          const first = list[0]
          if (Array.isArray(list) && first && !new URL(req.url ?? '/', url).searchParams.get('query'))
            text = JSON.stringify(
              Array.from(
                { length: FLOOD_CHATS },
                (_, i) => list[i] ?? { ...first, id: `flood-${i}`, name: `Flood ${i}` },
              ),
            )
        }
        body = Buffer.from(text, 'utf8')
      }
      const out: Record<string, string> = {}
      answer.headers.forEach((v, k) => {
        if (k !== 'content-length' && k !== 'content-encoding' && k !== 'transfer-encoding' && k !== 'connection')
          out[k] = k === 'location' ? withProxyOrigin(v) : v
      })
      res.writeHead(answer.status, out)
      res.end(body)
    })().catch(() => {
      if (!res.headersSent) res.writeHead(502)
      res.end()
    })
  })

  function hostileAgent(a: { id: string; name: string; type: string; communicationType: string }) {
    // The avatar answers 302 to the real file: a redirecting media link on the service's own origin.
    return {
      ...a,
      avatar: `${publicUrl || url}/media/redirect/hostile-${a.id.length % 3}-64x64.png`,
      jobName: `${RLO}reganaM`,
      jobSite: '',
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    token,
    workspaceId: sandbox.workspaceId,
    sandbox,
    publishAs(address) {
      publicUrl = address
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()))
      await sandbox.close()
    },
  }
}
