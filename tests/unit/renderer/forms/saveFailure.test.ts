// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest'
import { saveFailureText } from '@/forms/saveFailure'
import { i18n } from '@/i18n'

const translate = (key: string, params?: Record<string, number | string>) =>
  params ? i18n.global.t(key, params) : i18n.global.t(key)

describe('saveFailureText', () => {
  it('says why a save failed in words a user can act on, quoting the service for a 400', () => {
    expect(
      saveFailureText(
        { kind: 'validation', status: 400, message: 'The description cannot exceed 1028 characters' },
        translate,
      ),
    ).toBe('The service refused the values: The description cannot exceed 1028 characters')
    expect(saveFailureText({ kind: 'auth', status: 403, message: 'token refused' }, translate)).toBe(
      'The service refused the token. Enter a new token, then save again.',
    )
    expect(saveFailureText({ kind: 'offline', message: 'offline' }, translate)).toBe(
      'You are offline. Save again when the connection is back.',
    )
  })
})
