import { describe, expect, it } from 'vitest'
import { blurLayout, blurReach, blurScale, MIN_LAYER_SIGMA, REACH } from './blurred-media'

describe('blurScale', () => {
  it('draws a small blur at full size', () => {
    expect(blurScale(0)).toBe(1)
    expect(blurScale(MIN_LAYER_SIGMA * 1.9)).toBe(1)
  })

  it('halves the copy each time the blur doubles, keeping its blur at MIN_LAYER_SIGMA or more', () => {
    expect(blurScale(MIN_LAYER_SIGMA * 2)).toBe(1 / 2)
    expect(blurScale(MIN_LAYER_SIGMA * 4)).toBe(1 / 4)
    expect(blurScale(MIN_LAYER_SIGMA * 7.9)).toBe(1 / 4)
    for (let sigma = 0.5; sigma < 80; sigma *= 1.13) {
      const small = sigma * blurScale(sigma)
      if (blurScale(sigma) < 1) expect(small).toBeGreaterThanOrEqual(MIN_LAYER_SIGMA)
      expect(small).toBeLessThan(2 * MIN_LAYER_SIGMA)
    }
  })

  it('never goes below 1/32', () => {
    expect(blurScale(1e6)).toBe(1 / 32)
  })
})

describe('blurLayout', () => {
  it('holds the frame at scale with room for the blur’s reach on every side', () => {
    const l = blurLayout(20, 1080, 1920)
    expect(l.scale).toBe(1 / 8)
    expect(l.sigma).toBe(2.5)
    expect(l.pad).toBeGreaterThanOrEqual(REACH * l.sigma)
    expect(l.width).toBe(135 + 2 * l.pad)
    expect(l.height).toBe(240 + 2 * l.pad)
  })

  it('rounds a frame that does not divide evenly up, never cutting its edge', () => {
    const l = blurLayout(20, 1081, 1921)
    expect(l.width - 2 * l.pad).toBeGreaterThanOrEqual(1081 * l.scale)
    expect(l.height - 2 * l.pad).toBeGreaterThanOrEqual(1921 * l.scale)
  })
})

describe('blurReach', () => {
  it('is at least three standard deviations, and covers the small copy’s margin', () => {
    for (const sigma of [1, 4, 12, 40, 120]) {
      const reach = blurReach(sigma, 1080, 1920)
      expect(reach).toBeGreaterThanOrEqual(REACH * sigma)
      const l = blurLayout(sigma, 1080, 1920)
      if (l.scale < 1) expect(reach * l.scale).toBe(l.pad)
    }
  })
})
