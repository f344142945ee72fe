import { describe, expect, it } from 'vitest'
import { EFFECT_DEFAULTS, EFFECT_PRESETS, newEffect } from './index'
import { VIGNETTE_PRESETS } from './vignette'

// SPEC section 3: 50, 0.9, 0.7, 0.8, animate off, in the order amount, size, roundness, feather.
const SPEC_VIGNETTE_DEFAULTS = {
  amount: 50,
  size: 0.9,
  roundness: 0.7,
  feather: 0.8,
  animate: false,
}

describe('vignette', () => {
  it('a new vignette has the spec values', () => {
    expect(newEffect('vignette').params).toMatchObject(SPEC_VIGNETTE_DEFAULTS)
    expect(EFFECT_DEFAULTS.vignette).toMatchObject(SPEC_VIGNETTE_DEFAULTS)
  })

  it('offers Soft 50, Light 30, Heavy 120, Dramatic 100, in that order', () => {
    expect(VIGNETTE_PRESETS).toEqual([
      { name: 'Soft', params: { amount: 50 } },
      { name: 'Light', params: { amount: 30 } },
      { name: 'Heavy', params: { amount: 120 } },
      { name: 'Dramatic', params: { amount: 100 } },
    ])
    expect(EFFECT_PRESETS.vignette).toBe(VIGNETTE_PRESETS)
  })
})
