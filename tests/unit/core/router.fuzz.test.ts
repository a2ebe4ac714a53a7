import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { AppError, AppFailure, appError, ResultMeta } from '../../../electron/contract/app'
import { allChannels } from '../../../electron/contract/ipc'
import type { ApiGateway } from '../../../electron/core/gateway'
import { createRouter } from '../../../electron/core/router'

const SECRET = 'fuzz-secret-token-9876543210'
const ResultShape = z.union([
  z.strictObject({ ok: z.literal(true), data: z.unknown(), meta: ResultMeta.optional() }),
  z.strictObject({ ok: z.literal(false), error: AppError }),
])

/** A gateway that answers, fails with the token in the text, or throws a raw error, by turn. */
function chaoticGateway(): ApiGateway {
  let n = 0
  return {
    async run() {
      n++
      if (n % 3 === 0) throw new Error(`raw failure ${SECRET}`)
      if (n % 3 === 1) throw new AppFailure(appError('auth', `refused ${SECRET}`, { fields: { token: SECRET } }))
      return { data: { echoed: 'fine' }, meta: { source: 'network', fetchedAt: 1 } }
    },
  }
}

describe('router under arbitrary input', () => {
  it('always resolves to a well-formed Result that carries no secret', async () => {
    const router = createRouter({
      gateway: chaoticGateway(),
      activeProfile: async () => ({
        id: 'p',
        label: 'p',
        kind: 'service',
        baseUrl: 'https://x.example',
        workspaceId: 'w',
        rememberToken: true,
        hasToken: true,
        createdAt: 0,
      }),
      handlers: {
        'vault.status': () => ({ backend: 'memory', weak: false }),
        'settings.get': () => {
          throw new Error(SECRET)
        },
      },
      emit: () => undefined,
      secrets: () => [SECRET],
    })
    const channel = fc.oneof(fc.constantFrom(...allChannels), fc.string(), fc.constant('__proto__'))
    await fc.assert(
      fc.asyncProperty(
        channel,
        fc.oneof(fc.jsonValue(), fc.constant(undefined), fc.constant({})),
        async (name, input) => {
          const result = await router.dispatch(name, input)
          expect(ResultShape.safeParse(result).success).toBe(true)
          expect(JSON.stringify(result)).not.toContain(SECRET)
        },
      ),
      { numRuns: 400 },
    )
  })
})
