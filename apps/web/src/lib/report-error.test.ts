import { UI_TEXT } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { errorMessage } from './report-error'

describe('errorMessage', () => {
  it('shows the error’s own message, and the generic text when it has none', () => {
    expect(errorMessage(new Error('Camera is busy'))).toBe('Camera is busy')
    expect(errorMessage('Quota exceeded')).toBe('Quota exceeded')
    expect(errorMessage(new Error(''))).toBe(UI_TEXT.unexpected)
    expect(errorMessage(undefined)).toBe(UI_TEXT.unexpected)
    expect(errorMessage({ code: 1 })).toBe(UI_TEXT.unexpected)
  })
})
