import { describe, expect, it } from 'vitest'
import { isRetryable, retryDelayMs } from './backoff'

describe('isRetryable', () => {
  it('retries rate limits and server errors', () => {
    expect(isRetryable(429, 'rate_limit_exceeded')).toBe(true)
    expect(isRetryable(429, undefined)).toBe(true)
    expect(isRetryable(500, undefined)).toBe(true)
    expect(isRetryable(503, undefined)).toBe(true)
  })

  it('does not retry an exhausted quota or the caller’s own mistakes', () => {
    expect(isRetryable(429, 'insufficient_quota')).toBe(false)
    expect(isRetryable(400, 'content_policy_violation')).toBe(false)
    expect(isRetryable(401, 'invalid_api_key')).toBe(false)
    expect(isRetryable(404, undefined)).toBe(false)
  })
})

describe('retryDelayMs', () => {
  const middle = () => 0.5

  it('doubles from the base on each retry', () => {
    expect(retryDelayMs(0, null, 500, middle)).toBe(500)
    expect(retryDelayMs(1, null, 500, middle)).toBe(1000)
    expect(retryDelayMs(2, null, 500, middle)).toBe(2000)
  })

  it('spreads retries by a quarter either way', () => {
    expect(retryDelayMs(1, null, 500, () => 0)).toBe(750)
    expect(retryDelayMs(1, null, 500, () => 0.999999)).toBe(1250)
  })

  it("waits as long as the service's Retry-After asks, up to a cap", () => {
    expect(retryDelayMs(0, '3', 500, middle)).toBe(3000)
    expect(retryDelayMs(0, '0', 500, middle)).toBe(500)
    expect(retryDelayMs(0, '3600', 500, middle)).toBe(10_000)
    expect(retryDelayMs(8, null, 500, middle)).toBe(10_000)
  })

  it('ignores a Retry-After it cannot read', () => {
    expect(retryDelayMs(0, 'Wed, 21 Oct 2015 07:28:00 GMT', 500, middle)).toBe(500)
    expect(retryDelayMs(0, '', 500, middle)).toBe(500)
  })
})
