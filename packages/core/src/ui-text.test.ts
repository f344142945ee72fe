import { describe, expect, it } from 'vitest'
import { UI_TEXT, formatText } from './ui-text'

describe('UI_TEXT, section 2 texts', () => {
  it('has the screen texts the spec quotes', () => {
    const values = new Set<string>(Object.values(UI_TEXT))
    for (const text of [
      'VIDEO LIMIT REACHED',
      'the end of the month',
      'Analyzing your files... ',
      'Generating composition... ',
      'Delete Slide',
      'Are you sure you want to delete this slide? This action cannot be undone.',
      'Video limit reached',
      'Delete Video',
      'Delete Media',
      'No Media Found',
      'Upload some media to get started with your video creation',
    ]) {
      expect(values, text).toContain(text)
    }
  })
})

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
