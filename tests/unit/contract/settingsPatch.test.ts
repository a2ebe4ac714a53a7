import { describe, expect, it } from 'vitest'
import { appChannels } from '../../../electron/contract'

describe('settings.update input', () => {
  it('keeps a change to one setting from resetting the others to their defaults', () => {
    const parsed = appChannels['settings.update'].input.parse({ theme: 'light' })
    expect(parsed).toEqual({ theme: 'light' })
  })

  it('refuses unknown settings', () => {
    expect(appChannels['settings.update'].input.safeParse({ token: 'x' }).success).toBe(false)
  })
})
