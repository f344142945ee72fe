import { describe, expect, it } from 'vitest'
import { slideFrameCounts, slideSpans, unitScale } from './frame'

describe('frames', () => {
  it('cuts slides on the nearest frame without drift', () => {
    expect(slideFrameCounts([4, 4])).toEqual([120, 120])
    const counts = slideFrameCounts([1.01, 1.01, 1.01])
    expect(counts.reduce((a, b) => a + b)).toBe(Math.round(3.03 * 30))
  })

  it('places each slide where its first frame is, ending where the next starts', () => {
    const spans = slideSpans([1.01, 1.01, 1.01])
    expect(spans[0]).toEqual({ start: 0, end: 30 / 30 })
    expect(spans[1]!.start).toBe(spans[0]!.end)
    expect(spans[2]!.end).toBe(91 / 30)
  })

  it('scales sizes given at 1080 by the short side', () => {
    expect(unitScale(1080, 1920)).toBe(1)
    expect(unitScale(1280, 720)).toBeCloseTo(2 / 3)
  })
})
