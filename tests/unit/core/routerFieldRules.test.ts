import { describe, expect, it, vi } from 'vitest'
import type { Profile } from '../../../electron/contract/app/profiles'
import type { ApiGateway } from '../../../electron/core/gateway'
import { createRouter } from '../../../electron/core/router'
import { refusedFields } from '../../../electron/contract/fieldRules'

const profile: Profile = {
  id: 'p1',
  label: 'Acme',
  kind: 'service',
  baseUrl: 'https://api.example.com',
  workspaceId: 'ws1',
  rememberToken: true,
  hasToken: true,
  createdAt: 1,
}

/** Main's real router: its input check is what refuses, before any request. */
function mainRouter() {
  const run = vi.fn<ApiGateway['run']>()
  const router = createRouter({
    gateway: { run },
    activeProfile: async () => profile,
    handlers: {},
    emit: () => undefined,
    secrets: () => [],
  })
  return { router, run }
}

/** `refusedFields` is what the forms (useDraftForm) read a refusal with. */
describe('field rules across the IPC boundary', () => {
  it('main refuses an input with encoded rules, and the forms read each under its own field', async () => {
    const { router, run } = mainRouter()
    const r = await router.dispatch('api:agents.update', {
      path: { agentId: 'A1' },
      body: { name: '', jobName: 'x'.repeat(501), jobDescription: 5 },
    })
    expect(run).not.toHaveBeenCalled()
    if (r.ok) throw new Error('main let a bad input through')
    expect(refusedFields(r.error)).toEqual({
      name: { rule: 'required' },
      jobName: { rule: 'tooLong', max: 500 },
      jobDescription: { rule: 'invalid' },
    })
  })
})
