import { createServer, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { setFlagsFromString } from 'node:v8'
import { runInNewContext } from 'node:vm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { MAX_ANSWER_BYTES } from '../../../electron/contract/answerSize'
import type { AppFailure } from '../../../electron/contract/app/result'
import { createApiClient } from '../../../electron/core/api'

const TOKEN = 'size-cap-secret-token-42'
const HUNDRED_MB = 100 * 1000 * 1000
const CHUNK = Buffer.alloc(64 * 1024, 0x20)

/** What the loopback service does next, and how many body bytes it managed to send. */
let answer: (res: ServerResponse) => void = (res) => res.end('[]')
let sent = 0
let server: Server
let baseUrl: string

/**
 * Writes `total` bytes of a JSON array (spaces inside `[` `]`), one shared chunk at a time, waiting
 * for the socket to drain: the service itself holds no more than a chunk, so what memory grows by
 * is the client's doing.
 */
function stream(res: ServerResponse, total: number, status = 200, declareLength = false): void {
  res.writeHead(status, {
    'content-type': 'application/json',
    ...(declareLength ? { 'content-length': String(total) } : {}),
  })
  let left = total - 2
  res.write('[')
  sent = 1
  const pump = () => {
    while (left > 0) {
      const piece = left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left)
      left -= piece.length
      sent += piece.length
      if (!res.write(piece)) return void res.once('drain', pump)
    }
    sent += 1
    res.end(']')
  }
  res.on('close', () => res.removeAllListeners('drain'))
  pump()
}

beforeAll(async () => {
  server = createServer((_req, res) => answer(res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  // One ordinary call first: loading the HTTP client is not the answer's doing.
  await client().call('workspaces.list')
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

async function failureOf(p: Promise<unknown>): Promise<AppFailure['error']> {
  try {
    await p
  } catch (err) {
    return (err as AppFailure).error
  }
  throw new Error('the call succeeded')
}

// A full collection on demand, so a sample counts what is alive, not garbage not yet collected.
setFlagsFromString('--expose-gc')
const collect = runInNewContext('gc') as () => void

interface Growth {
  /** Peak of what was alive (heap and buffers, after a full collection) above the start. */
  live: number
  /** Peak of the resident set above the start. */
  rss: number
}

/** Runs `work` while sampling memory every few milliseconds; how far above the start it went. */
async function peakGrowth(work: () => Promise<void>): Promise<Growth> {
  const alive = () => {
    collect()
    const m = process.memoryUsage()
    return m.heapUsed + m.arrayBuffers
  }
  const live0 = alive()
  const rss0 = process.memoryUsage().rss
  const peak = { live: live0, rss: rss0 }
  const sample = () => {
    peak.live = Math.max(peak.live, alive())
    peak.rss = Math.max(peak.rss, process.memoryUsage().rss)
  }
  const timer = setInterval(sample, 5)
  try {
    await work()
  } finally {
    clearInterval(timer)
    sample()
  }
  return { live: peak.live - live0, rss: peak.rss - rss0 }
}

const client = (maxAnswerBytes?: number) =>
  createApiClient({ baseUrl, getToken: () => TOKEN, retries: 0, timeoutMs: 60_000, maxAnswerBytes })

describe('the answer size cap', () => {
  it('is 32 MiB, one constant', () => {
    expect(MAX_ANSWER_BYTES).toBe(32 * 1024 * 1024)
  })

  it('abandons a 100 MB answer (no length declared) at the limit, with memory well under the answer', async () => {
    answer = (res) => stream(res, HUNDRED_MB)
    let error: AppFailure['error'] | undefined
    const growth = await peakGrowth(async () => {
      error = await failureOf(client().call('workspaces.list'))
    })
    expect(error).toEqual({
      kind: 'bad_response',
      status: 200,
      endpoint: 'workspaces.list',
      message: 'The service sent an answer larger than 32 MiB; the app stopped reading it (HTTP 200)',
    })
    expect(JSON.stringify(error)).not.toContain(TOKEN)
    // Reading it whole keeps the body and then its text alive (200 MB and more); the cap keeps at
    // most 32 MiB of it, so memory stays far below the answer's size.
    expect(growth.live).toBeLessThan(48 * 1024 * 1024)
    // The resident set also holds what the collector gives back to the system only later: a looser bound.
    expect(growth.rss).toBeLessThan(0.8 * HUNDRED_MB)
    // …and the connection was let go, not drained to the end.
    expect(sent).toBeLessThan(HUNDRED_MB / 2)
  })

  it('refuses a 100 MB answer that declares its length before reading any of it', async () => {
    answer = (res) => stream(res, HUNDRED_MB, 200, true)
    let error: AppFailure['error'] | undefined
    const growth = await peakGrowth(async () => {
      error = await failureOf(client().call('workspaces.list'))
    })
    expect(error?.kind).toBe('bad_response')
    expect(growth.live).toBeLessThan(8 * 1024 * 1024)
    expect(sent).toBeLessThan(MAX_ANSWER_BYTES)
  })

  it('abandons a huge error text the same way: it never becomes the error message', async () => {
    answer = (res) => stream(res, HUNDRED_MB, 500)
    const error = await failureOf(client().call('workspaces.list'))
    expect(error).toMatchObject({ kind: 'bad_response', status: 500 })
    expect(error.message.length).toBeLessThan(200)
  })

  it('reads an answer of exactly the limit, and refuses one byte more, never retrying it', async () => {
    let requests = 0
    const body = (n: number) => `[${' '.repeat(n - 2)}]`
    answer = (res) => {
      requests++
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(body(requests === 1 ? 1000 : 1001))
    }
    const limited = createApiClient({
      baseUrl,
      getToken: () => TOKEN,
      retries: 2,
      retryBaseMs: 1,
      maxAnswerBytes: 1000,
    })
    await expect(limited.call('workspaces.list')).resolves.toEqual([])
    expect((await failureOf(limited.call('workspaces.list'))).kind).toBe('bad_response')
    expect(requests).toBe(2)
  })
})
