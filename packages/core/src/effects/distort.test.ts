import { describe, expect, it } from 'vitest'
import { EFFECT_DEFAULTS, EFFECT_PRESETS, newEffect } from './index'
import { DISTORT_PRESETS, DistortParamsSchema } from './distort'

// SPEC section 3: 1,2,3, 25, 120, 900, 15 in the order red, green, blue, amount, size, evolution,
// noise.
const SPEC_DISTORT_DEFAULTS = {
  takeRedFrom: 1,
  takeGreenFrom: 2,
  takeBlueFrom: 3,
  turbulentDisplaceAmount: 25,
  turbulentDisplaceSize: 120,
  turbulentDisplaceEvolution: 900,
  noiseAmount: 15,
}

describe('distort', () => {
  it('a new distort has the spec values', () => {
    expect(newEffect('distort').params).toEqual(SPEC_DISTORT_DEFAULTS)
    expect(EFFECT_DEFAULTS.distort).toEqual(SPEC_DISTORT_DEFAULTS)
  })

  it('offers Default, Subtle, Intense and Extreme, in that order', () => {
    expect(DISTORT_PRESETS.map((p) => p.name)).toEqual(['Default', 'Subtle', 'Intense', 'Extreme'])
    expect(EFFECT_PRESETS.distort).toBe(DISTORT_PRESETS)
  })

  it('the Default preset is the default values', () => {
    expect(DISTORT_PRESETS[0]?.params).toEqual(SPEC_DISTORT_DEFAULTS)
  })

  it('every preset is valid distort params', () => {
    for (const preset of DISTORT_PRESETS) {
      expect(DistortParamsSchema.safeParse(preset.params).success, preset.name).toBe(true)
    }
  })

  it('takes channels 1 to 3 only', () => {
    expect(DistortParamsSchema.safeParse({ takeRedFrom: 4 }).success).toBe(false)
    expect(DistortParamsSchema.safeParse({ takeGreenFrom: 0 }).success).toBe(false)
    expect(DistortParamsSchema.safeParse({ takeBlueFrom: 1.5 }).success).toBe(false)
    expect(DistortParamsSchema.safeParse({ takeRedFrom: 3, takeBlueFrom: 1 }).success).toBe(true)
  })
})
