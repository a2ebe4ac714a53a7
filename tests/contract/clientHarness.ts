import { createServer } from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { createApiClient, type ApiClientOptions } from '../../electron/core/api'
import { json, startScriptedService, type ScriptedService } from './scriptedService'

/** The API client tests' world (client*.test.ts): one scripted service per file, answering 500 unless a test scripts it. */

export const TOKEN = 'tok-SECRET-0123456789'
export const agent = { id: 'ag1', name: 'Ana' }

/** Live binding: the file's scripted service once `useScriptedService` has started it. */
export let service: ScriptedService

export function useScriptedService(): void {
  beforeAll(async () => {
    service = await startScriptedService()
  })
  afterAll(() => service.close())
  beforeEach(() => service.answer((_req, res) => json(res, 500, { error: 'unscripted' })))
}

export function client(extra: Partial<ApiClientOptions> = {}) {
  return createApiClient({ baseUrl: service.url, getToken: () => TOKEN, retryBaseMs: 5, ...extra })
}

/** A loopback port with nothing listening: a refused connection. */
export async function closedPort(): Promise<number> {
  const probe = createServer()
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve))
  const { port } = probe.address() as AddressInfo
  await new Promise<void>((resolve) => probe.close(() => resolve()))
  return port
}
