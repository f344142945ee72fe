import { describe, expect, it } from 'vitest'
import { RATIOS, RatioSchema, ratioValue, rescaleToRatio, type Ratio } from './ratios'

// SPEC section 9: 16:9 is 1920x1080, 1:1 is 1080x1080, 4:5 is 864x1080, 9:16 is 1080x1920.
const SPEC_SIZES: Record<Ratio, [number, number]> = {
  '16:9': [1920, 1080],
  '1:1': [1080, 1080],
  '4:5': [864, 1080],
  '9:16': [1080, 1920],
}

// SPEC section 2, /format cards.
const SPEC_DESCRIPTIONS: Record<Ratio, string> = {
  '16:9': 'YouTube and widescreen',
  '1:1': 'feeds',
  '4:5': 'stories, ads',
  '9:16': 'vertical short-video platforms',
}

const SPEC_RATIOS = ['16:9', '1:1', '4:5', '9:16'] as const
const SPEC_RATIO_VALUES: Record<Ratio, number> = {
  '16:9': 16 / 9,
  '1:1': 1,
  '4:5': 4 / 5,
  '9:16': 9 / 16,
}

describe('RATIOS', () => {
  it('offers the four spec ratios in the order of the /format cards', () => {
    expect(RatioSchema.options).toEqual([...SPEC_RATIOS])
    expect(Object.keys(RATIOS)).toEqual([...SPEC_RATIOS])
  })

  it('gives each ratio its spec media query size', () => {
    for (const ratio of SPEC_RATIOS) {
      const [width, height] = SPEC_SIZES[ratio]
      expect({ width: RATIOS[ratio].width, height: RATIOS[ratio].height }, ratio).toEqual({
        width,
        height,
      })
    }
  })

  it('describes each ratio as the spec does (capitalisation aside)', () => {
    for (const ratio of SPEC_RATIOS) {
      expect(RATIOS[ratio].description.toLowerCase(), ratio).toBe(
        SPEC_DESCRIPTIONS[ratio].toLowerCase(),
      )
      expect(RATIOS[ratio].label).toBe(ratio)
    }
  })

  it('ratioValue is width over height', () => {
    for (const ratio of SPEC_RATIOS) {
      expect(ratioValue(ratio)).toBeCloseTo(SPEC_RATIO_VALUES[ratio], 10)
    }
  })
})

describe('rescaleToRatio', () => {
  it('turns 1920x1080 into exact sizes for 16:9, 9:16 and 1:1', () => {
    expect(rescaleToRatio(1920, 1080, '16:9')).toEqual({ width: 1920, height: 1080 })
    expect(rescaleToRatio(1920, 1080, '9:16')).toEqual({ width: 1080, height: 1920 })
    expect(rescaleToRatio(1920, 1080, '1:1')).toEqual({ width: 1440, height: 1440 })
  })

  const inputs: [number, number][] = [
    [1920, 1080],
    [1080, 1920],
    [1080, 1080],
    [1280, 720],
    [1366, 768],
    [3840, 2160],
  ]
  for (const [w, h] of inputs) {
    it(`keeps the area of ${w}x${h} and matches each ratio within 0.5 %, in even numbers`, () => {
      for (const ratio of SPEC_RATIOS) {
        const out = rescaleToRatio(w, h, ratio)
        expect(Math.abs(out.width * out.height - w * h) / (w * h), ratio).toBeLessThan(0.005)
        const off = Math.abs(out.width / out.height - SPEC_RATIO_VALUES[ratio])
        expect(off / SPEC_RATIO_VALUES[ratio], ratio).toBeLessThan(0.005)
        expect(out.width % 2, ratio).toBe(0)
        expect(out.height % 2, ratio).toBe(0)
        expect(Number.isInteger(out.width) && Number.isInteger(out.height)).toBe(true)
      }
    })
  }
})
