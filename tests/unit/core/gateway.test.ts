import { describe, expect, it } from 'vitest'
import type { Profile } from '../../../electron/contract/app/profiles'
import type { ApiClient } from '../../../electron/core/api'
import { networkGateway } from '../../../electron/core/gateway'

const profile = { id: 'p' } as Profile

/** A client whose every call answers `data`. */
const answering = (data: unknown) => ({ call: async () => data }) as unknown as ApiClient

describe('the network gateway', () => {
  it('cuts an answer longer than the page asked for to the page, and says so', async () => {
    const items = Array.from({ length: 100_000 }, (_, i) => ({ id: `a${i}` }))
    const gateway = networkGateway(
      () => answering(items),
      () => 7,
    )
    const answer = await gateway.run(profile, 'agents.list', {
      path: { workspaceId: 'w' },
      query: { page: 1, pageSize: 20 },
    })
    expect(answer.data).toHaveLength(20)
    expect((answer.data as { id: string }[])[19].id).toBe('a19')
    expect(answer.meta).toEqual({ source: 'network', fetchedAt: 7, truncated: { received: 100_000, kept: 20 } })
  })

  it('leaves an answer within the page, or one to a call that asked for no page size, as it is', async () => {
    const items = [{ id: 'a' }, { id: 'b' }]
    const gateway = networkGateway(
      () => answering(items),
      () => 7,
    )
    const paged = await gateway.run(profile, 'agents.list', { path: { workspaceId: 'w' }, query: { pageSize: 2 } })
    expect(paged).toEqual({ data: items, meta: { source: 'network', fetchedAt: 7 } })
    const unpaged = await gateway.run(profile, 'agents.list', { path: { workspaceId: 'w' } })
    expect(unpaged.data).toBe(items)
  })
})
