import { describe, expect, it } from 'vitest'
import { requestTimeouts } from './request-timeouts'

describe('requestTimeouts', () => {
  it('gives a request the whole limit, its headers 30 s, and checks every quarter of it', () => {
    expect(requestTimeouts(60)).toEqual({
      requestTimeout: 60_000,
      http: { requestTimeout: 60_000, headersTimeout: 30_000, connectionsCheckingInterval: 15_000 },
    })
    expect(requestTimeouts(600).http.connectionsCheckingInterval).toBe(30_000)
  })

  it('checks a short limit often enough to keep it, headers within it', () => {
    expect(requestTimeouts(2).http).toEqual({
      requestTimeout: 2000,
      headersTimeout: 2000,
      connectionsCheckingInterval: 500,
    })
  })
})
