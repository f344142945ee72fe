import { describe, expect, it } from 'vitest'
import { EFFECT_DEFAULTS, newEffect } from './index'

describe('blur', () => {
  it('a new blur goes from 50 to 0', () => {
    expect(newEffect('blur').params).toEqual({ startBlur: 50, endBlur: 0 })
    expect(EFFECT_DEFAULTS.blur).toEqual({ startBlur: 50, endBlur: 0 })
  })
})
