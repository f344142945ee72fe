import { describe, expect, it } from 'vitest'
import { testFrame } from '../../../test/fixtures/test-frame'
import { PAN_ZOOM, state } from './pan'

const frame = testFrame()

describe('pan state', () => {
  it('starts at the left edge of the media enlarged to 115 %', () => {
    const s = state(0, {}, frame)
    expect(s.x).toBe(0)
    expect(s.crop.sx).toBe(0)
    expect(s.crop.sh).toBeCloseTo(2000 / PAN_ZOOM)
  })

  it('is centred at mid-slide and ends at the right edge', () => {
    const mid = state(2, {}, frame)
    expect(mid.crop.sx + mid.crop.sw / 2).toBeCloseTo(1500)
    const end = state(4, {}, frame)
    expect(end.crop.sx + end.crop.sw).toBeCloseTo(3000)
  })

  it('holds its ends out of range', () => {
    expect(state(-2, {}, frame).x).toBe(0)
    expect(state(10, {}, frame).x).toBe(1)
  })
})
