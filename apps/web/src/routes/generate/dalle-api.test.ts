import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api'
import { isGenerationUnavailable } from './dalle-api'

describe('isGenerationUnavailable', () => {
  it('is true when the server has no such call or no key for it', () => {
    expect(isGenerationUnavailable(new ApiError('Not found.', 404, 'msg_not_found'))).toBe(true)
    expect(isGenerationUnavailable(new ApiError('x', 503, 'msg_ai_not_configured'))).toBe(true)
  })

  it('is false for other failures', () => {
    expect(isGenerationUnavailable(new ApiError('x', 500, 'generic_error_message'))).toBe(false)
    expect(isGenerationUnavailable(new ApiError('x', 502, 'msg_ai_unavailable'))).toBe(false)
    expect(isGenerationUnavailable(new ApiError('x', 444))).toBe(false)
    expect(isGenerationUnavailable(new Error('x'))).toBe(false)
  })
})
