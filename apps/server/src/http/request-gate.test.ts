import { describe, expect, it } from 'vitest'
import {
  authApi,
  compositionApi,
  DEFAULT_BODY_BYTES,
  mediaApi,
  UPLOAD_RULES,
} from '@storyreel/core'
import { bodyLimitOf, sessionRefusal, sizeRefusal } from './request-gate'

describe('the request gate', () => {
  it('refuses a request without a session unless the endpoint is public', () => {
    expect(sessionRefusal(compositionApi.create, false)).toBe('msg_session_verification_failed')
    expect(sessionRefusal(mediaApi.listUploads, false)).toBe('msg_session_verification_failed')
    expect(sessionRefusal(authApi.login, false)).toBeNull()
    expect(sessionRefusal(compositionApi.create, true)).toBeNull()
  })

  it("refuses a declared length over the endpoint's limit, and nothing up to it", () => {
    const limit = bodyLimitOf(compositionApi.create)
    expect(sizeRefusal(compositionApi.create, limit)).toBeNull()
    expect(sizeRefusal(compositionApi.create, limit + 1)).toBe('msg_request_too_large')
    expect(sizeRefusal(authApi.login, DEFAULT_BODY_BYTES + 1)).toBe('msg_request_too_large')
  })

  it('keeps small bodies small: only declared endpoints take more than the default', () => {
    expect(bodyLimitOf(authApi.login)).toBe(DEFAULT_BODY_BYTES)
    expect(bodyLimitOf(mediaApi.describeStored)).toBe(DEFAULT_BODY_BYTES)
    expect(bodyLimitOf(mediaApi.describe)).toBe(UPLOAD_RULES.maxRequestBytes)
  })
})
