import { describe, expect, it } from 'vitest'
import { testFrame } from '../../../test/fixtures/test-frame'
import { state } from './distort'

const frame = testFrame()
const params = {
  takeRedFrom: 3,
  takeGreenFrom: 1,
  takeBlueFrom: 2,
  turbulentDisplaceAmount: 25,
  turbulentDisplaceSize: 120,
  turbulentDisplaceEvolution: 900,
  noiseAmount: 15,
}

describe('distort state', () => {
  it('maps the channel numbers to source indices', () => {
    expect(state(0, params, frame).remap).toEqual([2, 0, 1])
  })

  it('evolves from 0 to evolution/360 over the slide, holding out of range', () => {
    expect(state(0, params, frame).evolution).toBe(0)
    expect(state(2, params, frame).evolution).toBeCloseTo(1.25)
    expect(state(4, params, frame).evolution).toBeCloseTo(2.5)
    expect(state(-1, params, frame).evolution).toBe(0)
    expect(state(7, params, frame).evolution).toBeCloseTo(2.5)
  })

  it('scales pixel sizes to the frame and grain to 0..1', () => {
    const s = state(0, params, testFrame({ width: 540, height: 960 }))
    expect(s.amount).toBeCloseTo(12.5)
    expect(s.size).toBeCloseTo(60)
    expect(s.noise).toBeCloseTo(0.15)
  })

  it('is deterministic for a seed, with grain that changes each frame', () => {
    expect(state(1, params, frame)).toEqual(state(1, params, frame))
    expect(state(1, params, frame).grainSeed).not.toBe(state(1 + 1 / 30, params, frame).grainSeed)
  })
})
