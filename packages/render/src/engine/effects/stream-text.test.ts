import { ANIMATED_TEXT_DEFAULTS } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { testFrame } from '../../../test/fixtures/test-frame'
import { state } from './stream-text'

const params = {
  ...ANIMATED_TEXT_DEFAULTS,
  text: 'abcdefgh',
  textStart: 0,
  textEnd: 4,
  stream: false,
  charsPerSecond: 2,
}

describe('stream_text state', () => {
  it('streams even when the stream flag is off', () => {
    expect(state(0, params, testFrame()).revealed).toBe(0)
    expect(state(2, params, testFrame()).revealed).toBe(4)
    expect(state(4, params, testFrame()).revealed).toBe(8)
    expect(state(5, params, testFrame()).revealed).toBe(0)
  })
})
