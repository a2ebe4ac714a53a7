import { test } from '@playwright/test'
import { createServer } from 'node:net'

/**
 * Ports for services a test stops and starts again at the same address (a rotated token, a service
 * that goes away and comes back). A port the system handed out for port 0 is free again once its
 * server closed: any server of another worker started on port 0, or any outgoing connection, can
 * take it before the test starts its service there again, and the app then talks to a stranger.
 * These ports lie below the system's ephemeral range (32768-60999 on Linux), which port 0 and
 * outgoing connections draw from, and each parallel worker has a block of its own.
 */
const BASE = 20_000
const BLOCK = 500
const HOST = '127.0.0.1'

// Where this process starts in its block: two runs at once (two checkouts) most likely differ.
let cursor = process.pid % BLOCK

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer()
    probe.once('error', () => resolve(false))
    probe.listen(port, HOST, () => probe.close(() => resolve(true)))
  })
}

/** A free port of this worker's block, for a service the test will restart at the same address. */
export async function restartablePort(): Promise<number> {
  const start = BASE + test.info().parallelIndex * BLOCK
  for (let tries = 0; tries < BLOCK; tries++) {
    const port = start + (cursor++ % BLOCK)
    if (await isFree(port)) return port
  }
  throw new Error(`no free port in ${start}-${start + BLOCK - 1}`)
}
