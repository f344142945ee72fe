import { describe, expect, it } from 'vitest'
import { testFrame } from '../../../test/fixtures/test-frame'
import { MAX_RADIUS_AT_1080, state } from './blur'

const frame = testFrame()
const params = { startBlur: 50, endBlur: 0 }

describe('blur state', () => {
  it('goes from startBlur to endBlur linearly', () => {
    expect(state(0, params, frame).radius).toBeCloseTo(MAX_RADIUS_AT_1080 / 2)
    expect(state(2, params, frame).radius).toBeCloseTo(MAX_RADIUS_AT_1080 / 4)
    expect(state(4, params, frame).radius).toBe(0)
  })

  it('holds out of range', () => {
    expect(state(-1, params, frame).radius).toBeCloseTo(MAX_RADIUS_AT_1080 / 2)
    expect(state(8, params, frame).radius).toBe(0)
  })

  it('scales with the frame so it looks alike at every size', () => {
    const small = state(0, params, testFrame({ width: 540, height: 960 })).radius
    expect(small).toBeCloseTo(MAX_RADIUS_AT_1080 / 4)
  })
})
