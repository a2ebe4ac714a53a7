import { describe, expect, it, vi } from 'vitest'
import { recorded } from './fakeElectron'

vi.mock('electron', () => import('./fakeElectron'))

describe('single instance', () => {
  it('quits at once, with no window and no IPC, when another instance holds the lock', async () => {
    recorded.singleInstanceLock = false
    const { shellReady } = await import('../../../electron/main/index')
    await shellReady
    expect(recorded.quitCalls).toBe(1)
    expect(recorded.windows).toHaveLength(0)
    expect(recorded.ipcHandlers.size).toBe(0)
  })
})
