import { describe, expect, it } from 'vitest'
import { EFFECT_DEFAULTS, newEffect } from './index'

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
})
