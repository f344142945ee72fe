/** Retries after the first try: a busy or failing service gets two more chances, no more. */
export const MAX_RETRIES = 2

/** Longest wait before a retry, whatever the service asks: the user is waiting too. */
const MAX_DELAY_MS = 10_000

/**
 * Whether a failed answer is worth asking again: rate limits (429) and the service's own errors
 * (5xx). A 429 for an exhausted quota is not: more tries only fail the same way.
 */
export function isRetryable(status: number, errorCode: string | undefined): boolean {
  if (status === 429) return errorCode !== 'insufficient_quota'
  return status >= 500
}

/**
 * Milliseconds to wait before retry number `attempt` (0 for the first): exponential from `baseMs`
 * with jitter (so many clients that failed together do not retry together), or the service's
 * Retry-After (seconds) when it names a longer wait; never more than MAX_DELAY_MS.
 */
export function retryDelayMs(
  attempt: number,
  retryAfter: string | null,
  baseMs: number,
  random: () => number = Math.random,
): number {
  const exponential = baseMs * 2 ** attempt * (0.75 + 0.5 * random())
  const asked = retryAfter !== null && /^\d+(\.\d+)?$/.test(retryAfter.trim())
  const wait = asked ? Math.max(exponential, Number(retryAfter) * 1000) : exponential
  return Math.round(Math.min(MAX_DELAY_MS, wait))
}
