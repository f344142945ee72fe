import { CODE_MAX_ATTEMPTS } from '@storyreel/core'

/**
 * How long one client waits after wrong sign-in codes for one e-mail address (OWASP's
 * authentication cheat sheet: limits keyed by address and account together, an exponential
 * back-off instead of a fixed lock-out). The first two codes' worth of wrong tries are free, for
 * a user who mistypes; each one after doubles the wait, up to an hour. A day without a wrong try
 * forgets them. The wait holds that client's code requests and tries for that address only: an
 * attacker's wrong guesses never make the owner of the address wait.
 */
export const SIGN_IN_BACKOFF = {
  freeFailures: 2 * CODE_MAX_ATTEMPTS,
  firstWaitMs: 60 * 1000,
  longestWaitMs: 60 * 60 * 1000,
  /** Longer than the longest wait: it only decides where the next wrong try counts from. */
  forgetAfterMs: 24 * 60 * 60 * 1000,
}

export interface FailureRecord {
  failures: number
  lastFailureAt: Date
}

/** The wait after this many wrong tries in a row, counted from the last of them. */
export function backoffMs(failures: number): number {
  const { freeFailures, firstWaitMs, longestWaitMs } = SIGN_IN_BACKOFF
  if (failures < freeFailures) return 0
  // Past 2^12 minutes the cap holds anyway; the exponent stops there, short of Infinity.
  return Math.min(longestWaitMs, firstWaitMs * 2 ** Math.min(12, failures - freeFailures))
}

/** When the client may try again; null when it may now. */
export function retryAt(record: FailureRecord | undefined, now: Date): Date | null {
  if (!record) return null
  const at = new Date(record.lastFailureAt.getTime() + backoffMs(record.failures))
  return at > now ? at : null
}
