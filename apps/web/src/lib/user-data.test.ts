import { TIMINGS } from '@storyreel/core'
import type { UserData } from '@storyreel/core'
import { afterEach, beforeEach, expect, test, vi } from 'vitest'

const KEY = 'storyreel.userData'

const user: UserData = {
  name: 'Maya Lopez',
  profilePicture: null,
  subscription: { type: 'FREE', stripeCustomerId: null, currentPeriodEnd: null },
  limitReached: false,
}

let items: Map<string, string>

beforeEach(() => {
  items = new Map()
  vi.stubGlobal('localStorage', {
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key),
  })
  vi.useFakeTimers()
  vi.resetModules()
})

afterEach(() => {
  vi.useRealTimers()
  vi.unstubAllGlobals()
})

/** A fresh copy of the module, as a page load reads it from what is stored. */
const load = () => import('./user-data')

const stored = (state: unknown) => JSON.stringify({ state, version: 0 })

test('user data lasts one hour after it is set', async () => {
  const { getUserData, setUserData } = await load()
  setUserData(user)
  expect(getUserData()).toEqual(user)
  vi.advanceTimersByTime(TIMINGS.userDataTtlMs - 1000)
  expect(getUserData()).toEqual(user)
  vi.advanceTimersByTime(2000)
  expect(getUserData()).toBeNull()
})

test('an update keeps the original expiry', async () => {
  const { getUserData, setUserData, updateUserData } = await load()
  setUserData(user)
  vi.advanceTimersByTime(TIMINGS.userDataTtlMs / 2)
  updateUserData({ limitReached: true })
  expect(getUserData()?.limitReached).toBe(true)
  vi.advanceTimersByTime(TIMINGS.userDataTtlMs / 2 + 1000)
  expect(getUserData()).toBeNull()
})

test('clearing forgets the user', async () => {
  const { clearUserData, getUserData, setUserData } = await load()
  setUserData(user)
  clearUserData()
  expect(getUserData()).toBeNull()
  expect(items.has(KEY)).toBe(false)
})

test('what was stored is read back on the next page load until it expires', async () => {
  const first = await load()
  first.setUserData(user)
  vi.resetModules()
  const second = await load()
  expect(second.getUserData()).toEqual(user)
  vi.advanceTimersByTime(TIMINGS.userDataTtlMs)
  expect(second.getUserData()).toBeNull()
})

test('bad or expired stored data reads as null', async () => {
  for (const raw of [
    'not json',
    stored({ value: { name: 1 }, expiresAt: Date.now() + 1000 }),
    stored({ value: user, expiresAt: Date.now() - 1 }),
  ]) {
    items.set(KEY, raw)
    vi.resetModules()
    const { getUserData } = await load()
    expect(getUserData()).toBeNull()
  }
})

test('follows changes made in another tab', async () => {
  const tab = new EventTarget()
  vi.stubGlobal('window', tab)
  const { getUserData } = await load()
  expect(getUserData()).toBeNull()
  items.set(KEY, stored({ value: user, expiresAt: Date.now() + 1000 }))
  tab.dispatchEvent(Object.assign(new Event('storage'), { key: KEY }))
  expect(getUserData()).toEqual(user)
  items.delete(KEY)
  tab.dispatchEvent(Object.assign(new Event('storage'), { key: KEY }))
  expect(getUserData()).toBeNull()
})
