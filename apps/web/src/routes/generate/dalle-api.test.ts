import { describe, expect, it } from 'vitest'
import { ApiError } from '../../lib/api'
import { generatedFileName, isGenerationUnavailable } from './dalle-api'

describe('isGenerationUnavailable', () => {
  it('is true when the server has no such call or no key for it', () => {
    expect(isGenerationUnavailable(new ApiError('Not found.', 404, 'msg_not_found'))).toBe(true)
    expect(
      isGenerationUnavailable(new ApiError('x', 503, 'msg_image_generation_not_configured')),
    ).toBe(true)
  })

  it('is false for other failures', () => {
    expect(isGenerationUnavailable(new ApiError('x', 500, 'generic_error_message'))).toBe(false)
    expect(isGenerationUnavailable(new ApiError('x', 444))).toBe(false)
    expect(isGenerationUnavailable(new Error('x'))).toBe(false)
  })
})

describe('generatedFileName', () => {
  it('numbers the images from 1 with their type’s extension', () => {
    expect(generatedFileName('image/png', 0)).toBe('generated-1.png')
    expect(generatedFileName('image/webp', 2)).toBe('generated-3.webp')
    expect(generatedFileName('application/octet-stream', 1)).toBe('generated-2.png')
  })
})
