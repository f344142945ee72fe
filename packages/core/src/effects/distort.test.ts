import { describe, expect, it } from 'vitest'
import { DistortParamsSchema } from './distort'
import { EFFECT_DEFAULTS, newEffect } from './index'

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

  it('takes channels 1 to 3 only', () => {
    expect(DistortParamsSchema.safeParse({ takeRedFrom: 4 }).success).toBe(false)
    expect(DistortParamsSchema.safeParse({ takeGreenFrom: 0 }).success).toBe(false)
    expect(DistortParamsSchema.safeParse({ takeBlueFrom: 1.5 }).success).toBe(false)
    expect(DistortParamsSchema.safeParse({ takeRedFrom: 3, takeBlueFrom: 1 }).success).toBe(true)
  })
})
