import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

/** One request as the scripted service saw it. */
export interface SeenRequest {
  method: string
  url: string
  headers: IncomingMessage['headers']
  body: string
}

export type Script = (req: SeenRequest, res: ServerResponse, index: number) => void

/**
 * A tiny loopback HTTP server whose answers each test scripts, for the client behaviours the
 * embedded service never shows on purpose (503, 429, hangs, malformed answers).
 */
export interface ScriptedService {
  url: string
  seen: SeenRequest[]
  answer(script: Script): void
  close(): Promise<void>
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}

export async function startScriptedService(): Promise<ScriptedService> {
  let script: Script = (_req, res) => json(res, 500, { error: 'no script' })
  const seen: SeenRequest[] = []
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const request = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      }
      seen.push(request)
      script(request, res, seen.length - 1)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    seen,
    answer(next) {
      script = next
      seen.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
