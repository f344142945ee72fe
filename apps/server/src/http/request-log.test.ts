import { describe, expect, it } from 'vitest'
import { MESSAGES } from '@storyreel/core'
import { requestLogLevel } from './request-log'

describe('requestLogLevel', () => {
  it('logs our failures as errors, everything else once at debug', () => {
    expect(requestLogLevel(500)).toBe('error')
    expect(requestLogLevel(502)).toBe('error')
    expect(requestLogLevel(200)).toBe('debug')
    expect(requestLogLevel(404)).toBe('debug')
    expect(requestLogLevel(429)).toBe('debug')
  })

  it("logs a feature the server is not configured for at info: the operator's choice", () => {
    for (const code of [
      'msg_stock_not_configured',
      'msg_ai_not_configured',
      'msg_billing_not_configured',
    ] as const) {
      expect(requestLogLevel(MESSAGES[code].status), code).toBe('info')
    }
  })
})
