import { TIMINGS } from '@storyreel/core'
import type { UserData } from '@storyreel/core'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { clearUserData, getUserData, setUserData, updateUserData } from './user-data'

const user: UserData = {
  name: 'Maya Lopez',
  profilePicture: null,
  subscription: { type: 'FREE', stripeCustomerId: null, currentPeriodEnd: null },
  limitReached: false,
}

beforeEach(() => {
  const items = new Map<string, string>()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  })
  vi.useFakeTimers()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

test('user data lasts one hour after it is set', () => {
  setUserData(user)
  expect(getUserData()).toEqual(user)
  vi.advanceTimersByTime(TIMINGS.userDataTtlMs - 1000)
  expect(getUserData()).toEqual(user)
  vi.advanceTimersByTime(2000)
  expect(getUserData()).toBeNull()
})

test('an update keeps the original expiry', () => {
  setUserData(user)
  vi.advanceTimersByTime(TIMINGS.userDataTtlMs / 2)
  updateUserData({ limitReached: true })
  expect(getUserData()?.limitReached).toBe(true)
  vi.advanceTimersByTime(TIMINGS.userDataTtlMs / 2 + 1000)
  expect(getUserData()).toBeNull()
})

test('clearing forgets the user', () => {
  setUserData(user)
  clearUserData()
  expect(getUserData()).toBeNull()
})
