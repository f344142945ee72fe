import { describe, expect, it } from 'vitest'
import { EFFECT_DEFAULTS, EFFECT_PRESETS, newEffect } from './index'
import { BLUR_PRESETS } from './blur'

describe('blur', () => {
  it('a new blur goes from 50 to 0', () => {
    expect(newEffect('blur').params).toEqual({ startBlur: 50, endBlur: 0 })
    expect(EFFECT_DEFAULTS.blur).toEqual({ startBlur: 50, endBlur: 0 })
  })

  it('offers Default 50-0, Soft 30-10, Gentle 40-5, Intense 70-20, in that order', () => {
    expect(BLUR_PRESETS).toEqual([
      { name: 'Default', params: { startBlur: 50, endBlur: 0 } },
      { name: 'Soft', params: { startBlur: 30, endBlur: 10 } },
      { name: 'Gentle', params: { startBlur: 40, endBlur: 5 } },
      { name: 'Intense', params: { startBlur: 70, endBlur: 20 } },
    ])
    expect(EFFECT_PRESETS.blur).toBe(BLUR_PRESETS)
  })

  it('does not offer Default 50 to 10', () => {
    const fiftyToTen = BLUR_PRESETS.filter(
      (p) => p.params.startBlur === 50 && p.params.endBlur === 10,
    )
    expect(fiftyToTen).toEqual([])
  })
})
