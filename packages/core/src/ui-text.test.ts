import { describe, expect, it } from 'vitest'
import { UI_TEXT, formatText } from './ui-text'

describe('formatText', () => {
  it('fills named placeholders', () => {
    expect(formatText(UI_TEXT.authenticationError, { code: 'msg_invalid_token' })).toBe(
      'Authentication error: msg_invalid_token',
    )
    expect(formatText('{a} of {b}', { a: 1, b: 5 })).toBe('1 of 5')
  })

  it('leaves unknown placeholders as they are', () => {
    expect(formatText('Hello {name}', {})).toBe('Hello {name}')
  })
})
