import { describe, expect, it } from 'vitest'
import { planRanges, SNAP_SHARE } from './render-split'

const lengths = (ranges: { start: number; end: number }[]) => ranges.map((r) => r.end - r.start)

function expectTiling(ranges: { start: number; end: number }[], total: number) {
  expect(ranges[0]!.start).toBe(0)
  expect(ranges.at(-1)!.end).toBe(total)
  for (let k = 1; k < ranges.length; k++) expect(ranges[k]!.start).toBe(ranges[k - 1]!.end)
}

describe('planRanges', () => {
  it('keeps the whole video in one range with one idle worker', () => {
    expect(planRanges([300, 300], { workers: 1, minFrames: 100 })).toEqual([{ start: 0, end: 600 }])
  })

  it('keeps a video too short to gain in one range, however many workers are idle', () => {
    expect(planRanges([90, 90], { workers: 8, minFrames: 300 })).toEqual([{ start: 0, end: 180 }])
  })

  it('uses no more ranges than the video has minimum lengths', () => {
    const ranges = planRanges([900], { workers: 8, minFrames: 300 })
    expect(lengths(ranges)).toEqual([300, 300, 300])
  })

  it('cuts on the slide boundary nearest the even cut', () => {
    // Even cut at 300; the boundary at 280 is within reach, the one at 200 is not.
    const ranges = planRanges([200, 80, 320], { workers: 2, minFrames: 100 })
    expect(ranges).toEqual([
      { start: 0, end: 280 },
      { start: 280, end: 600 },
    ])
  })

  it('cuts inside a slide when no boundary is near the even cut', () => {
    const ranges = planRanges([120, 60], { workers: 2, minFrames: 60 })
    expect(ranges).toEqual([
      { start: 0, end: 90 },
      { start: 90, end: 180 },
    ])
  })

  it('never moves a cut further than its share of a range', () => {
    const even = 600 / 2
    const reach = Math.floor(even * SNAP_SHARE)
    expect(
      planRanges([even - reach, 600 - even + reach], { workers: 2, minFrames: 1 })[0]!.end,
    ).toBe(even - reach)
    expect(
      planRanges([even - reach - 2, 600 - even + reach + 2], { workers: 2, minFrames: 1 })[0]!.end,
    ).toBe(even)
  })

  it('tiles the video exactly, each range at least the minimum, for many shapes', () => {
    let seed = 7
    const random = () => (seed = (seed * 16807) % 2147483647) / 2147483647
    for (let run = 0; run < 500; run++) {
      const counts = Array.from(
        { length: 1 + Math.floor(random() * 12) },
        () => 1 + Math.floor(random() * 400),
      )
      const total = counts.reduce((a, b) => a + b, 0)
      const workers = 1 + Math.floor(random() * 6)
      const minFrames = 30 + Math.floor(random() * 300)
      const ranges = planRanges(counts, { workers, minFrames })
      expectTiling(ranges, total)
      expect(ranges.length).toBeLessThanOrEqual(Math.max(1, workers))
      if (ranges.length > 1)
        for (const n of lengths(ranges)) expect(n).toBeGreaterThanOrEqual(minFrames)
    }
  })
})
