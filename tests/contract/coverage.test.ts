import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { endpointNames } from '../../electron/contract/endpoints'
import { createApiClient } from '../../electron/core/api'
import { sandboxRoutes } from '../../electron/sandbox/index'

/**
 * Convention: the contract test of an operation is a `describe('<endpoint name>', ...)` block,
 * spelled with the literal name, in one of the files of this folder.
 */
function describedEndpoints(): Set<string> {
  const folder = fileURLToPath(new URL('.', import.meta.url))
  const found = new Set<string>()
  for (const file of readdirSync(folder).filter((f) => f.endsWith('.test.ts') && f !== 'coverage.test.ts')) {
    const text = readFileSync(join(folder, file), 'utf8')
    for (const match of text.matchAll(/describe\(\s*'([A-Za-z]+\.[A-Za-z]+)'/g)) found.add(match[1])
  }
  return found
}

describe('contract coverage', () => {
  it('every endpoint of the table has a route in the embedded service', () => {
    const routes = new Set<string>(sandboxRoutes())
    expect(endpointNames.filter((name) => !routes.has(name))).toEqual([])
  })

  it('every endpoint of the table has a client method, by full name and by resource', () => {
    const client = createApiClient({ baseUrl: 'http://127.0.0.1:9', getToken: () => 'unused' }) as unknown as Record<
      string,
      unknown
    >
    const missing = endpointNames.filter((name) => {
      const [group, op] = name.split('.')
      const grouped = client[group] as Record<string, unknown> | undefined
      return typeof client[name] !== 'function' || typeof grouped?.[op] !== 'function'
    })
    expect(missing).toEqual([])
  })

  it('every endpoint of the table has a contract test', () => {
    const described = describedEndpoints()
    expect(endpointNames.filter((name) => !described.has(name))).toEqual([])
  })

  it('no contract test describes an endpoint the table does not have', () => {
    const known = new Set<string>(endpointNames)
    expect([...describedEndpoints()].filter((name) => !known.has(name))).toEqual([])
  })
})
