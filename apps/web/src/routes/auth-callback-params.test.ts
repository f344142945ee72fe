import { MESSAGES, UI_TEXT } from '@storyreel/core'
import type { UserData } from '@storyreel/core'
import { describe, expect, test } from 'vitest'
import { authErrorText, readAuthCallback } from './auth-callback-params'

const user: UserData = {
  name: 'Maya Lopez',
  profilePicture: null,
  subscription: { type: 'FREE', stripeCustomerId: null, currentPeriodEnd: null },
  limitReached: false,
}

const read = (query: Record<string, string>) => readAuthCallback(new URLSearchParams(query))

describe('readAuthCallback', () => {
  test('the user goes on to /format', () => {
    expect(read({ userInfo: JSON.stringify(user) })).toEqual({ user, next: '/format' })
  })

  test('or to the paid plan they picked', () => {
    const userInfo = JSON.stringify(user)
    expect(read({ userInfo, plan: 'PRO' })).toEqual({ user, next: '/plan?plan=PRO' })
    expect(read({ userInfo, plan: 'STARTER' })).toEqual({ user, next: '/plan?plan=STARTER' })
    expect(read({ userInfo, plan: 'GOLD' })).toEqual({ user, next: '/format' })
  })

  test('an error code is shown through the message map', () => {
    expect(read({ error: 'msg_google_oauth_failed' })).toEqual({
      error: MESSAGES.msg_google_oauth_failed.text,
    })
    expect(read({ error: 'msg_google_oauth_failed', userInfo: JSON.stringify(user) })).toEqual({
      error: MESSAGES.msg_google_oauth_failed.text,
    })
  })

  test('user data that cannot be read is an error', () => {
    expect(read({})).toEqual({ error: UI_TEXT.unexpected })
    expect(read({ userInfo: '{not json' })).toEqual({ error: UI_TEXT.unexpected })
    expect(read({ userInfo: JSON.stringify({ name: 'Maya' }) })).toEqual({
      error: UI_TEXT.unexpected,
    })
  })
})

test('unknown codes read as an authentication error', () => {
  expect(authErrorText('access_denied')).toBe('Authentication error: access_denied')
  expect(authErrorText('msg_invalid_token')).toBe('Invalid token.')
})
