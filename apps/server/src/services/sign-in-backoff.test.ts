import { describe, expect, it } from 'vitest'
import { backoffMs, retryAt, SIGN_IN_BACKOFF } from './sign-in-backoff'

const { freeFailures, firstWaitMs, longestWaitMs } = SIGN_IN_BACKOFF
const now = new Date('2026-11-28T12:00:00Z')
const ago = (ms: number) => new Date(now.getTime() - ms)

describe('sign-in back-off', () => {
  it('lets the first wrong tries go without a wait, then doubles it with each, up to the cap', () => {
    expect(backoffMs(0)).toBe(0)
    expect(backoffMs(freeFailures - 1)).toBe(0)
    expect(backoffMs(freeFailures)).toBe(firstWaitMs)
    expect(backoffMs(freeFailures + 1)).toBe(2 * firstWaitMs)
    expect(backoffMs(freeFailures + 3)).toBe(8 * firstWaitMs)
    expect(backoffMs(freeFailures + 10)).toBe(longestWaitMs)
    expect(backoffMs(1e6)).toBe(longestWaitMs)
  })

  it('answers when the client may try again, counted from its last wrong try', () => {
    expect(retryAt(undefined, now)).toBeNull()
    expect(retryAt({ failures: freeFailures - 1, lastFailureAt: now }, now)).toBeNull()
    const record = { failures: freeFailures + 1, lastFailureAt: ago(firstWaitMs) }
    expect(retryAt(record, now)).toEqual(new Date(now.getTime() + firstWaitMs))
    expect(retryAt({ ...record, lastFailureAt: ago(2 * firstWaitMs) }, now)).toBeNull()
  })
})
