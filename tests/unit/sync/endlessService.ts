import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'

/**
 * A service that pages forever, for the sync's limits: the chat list and the
 * messages of a chat answer every page with a full page of new items. Chats named `endless-*` have
 * messages that never end; any other chat has `messagesPerChat` messages. Pages are made on the
 * fly (ids from the page number), so the service holds nothing and its memory stays flat.
 */
export interface EndlessServiceOptions {
  /** Chats in the list; Infinity: the list never ends. */
  chats: number
  /** Chats at the head of the list whose messages never end. */
  endlessChats?: number
  messagesPerChat?: number
  /** Text of every message (its size drives the bytes stored). */
  text?: string
}

export interface EndlessService {
  url: string
  workspaceId: string
  requests: { chats: number; messages: number }
  close(): Promise<void>
}

export const ENDLESS_TOKEN = 'endless-token-0123456789'

export async function startEndlessService(opts: EndlessServiceOptions): Promise<EndlessService> {
  const workspaceId = 'ws-endless'
  const requests = { chats: 0, messages: 0 }
  const endless = opts.endlessChats ?? 0
  const perChat = opts.messagesPerChat ?? 1
  const text = opts.text ?? 'a message from a service that never stops paging'
  const base = Date.UTC(2026, 0, 1)

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const page = Math.max(1, Number(url.searchParams.get('page') ?? 1))
    const pageSize = Math.max(1, Number(url.searchParams.get('pageSize') ?? 20))
    const send = (body: unknown) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(body))
    }
    if (req.headers.authorization !== `Bearer ${ENDLESS_TOKEN}`) {
      res.writeHead(401, { 'content-type': 'application/json' })
      return res.end(JSON.stringify({ message: 'unauthorized' }))
    }
    if (url.pathname === `/v2/workspace/${workspaceId}/chats`) {
      requests.chats++
      const from = (page - 1) * pageSize
      const count = Math.max(0, Math.min(pageSize, opts.chats - from))
      return send(
        Array.from({ length: count }, (_, i) => {
          const n = from + i
          const id = n < endless ? `endless-${n}` : `chat-${n}`
          return { id, name: `Chat ${n}`, time: base - n * 1000 }
        }),
      )
    }
    const messages = /^\/v2\/chat\/([^/]+)\/messages$/.exec(url.pathname)
    if (messages) {
      requests.messages++
      const chatId = decodeURIComponent(messages[1]!)
      const total = chatId.startsWith('endless-') ? Number.POSITIVE_INFINITY : perChat
      const from = (page - 1) * pageSize
      const count = Math.max(0, Math.min(pageSize, total - from))
      return send(
        Array.from({ length: count }, (_, i) => {
          const n = from + i
          return { id: `${chatId}-m${n}`, time: base - n * 10, role: n % 2 ? 'assistant' : 'user', text }
        }),
      )
    }
    res.writeHead(404, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ message: 'not found' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    workspaceId,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
