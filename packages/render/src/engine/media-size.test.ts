import type { Slide } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { MIN_DRAW_SCALE, preScaledSize, zoomRange } from './media-size'

const slide = (effects: unknown[], framing?: Slide['framing']) =>
  ({ id: 'a', filename: 'a.jpg', duration: 4, effects, framing }) as Slide

describe('media pre-scaling', () => {
  it('finds the zoom range of the camera', () => {
    expect(zoomRange(slide([]))).toEqual({ min: 1, max: 1 })
    expect(zoomRange(slide([{ name: 'zoom', params: { zoomStart: 120, zoomEnd: 80 } }]))).toEqual({
      min: 0.8,
      max: 1.2,
    })
  })

  it('scales a big photo down to what the frame needs, never up', () => {
    expect(preScaledSize(6000, 4000, 1920, 1080, slide([]))).toEqual({ width: 1920, height: 1280 })
    expect(preScaledSize(640, 360, 1080, 1920, slide([]))).toEqual({ width: 640, height: 360 })
  })

  it('keeps the smallest zoom drawn at MIN_DRAW_SCALE or more', () => {
    const s = preScaledSize(
      6000,
      4000,
      1920,
      1080,
      slide([{ name: 'zoom', params: { zoomStart: 100, zoomEnd: 200 } }]),
    )
    expect(1920 / (s.width * (1080 / 4000) * 1)).toBeGreaterThanOrEqual(MIN_DRAW_SCALE - 0.01)
    expect(s.width).toBe(Math.round(1920 / MIN_DRAW_SCALE))
  })

  it('scales a fitted photo to what fits the frame whole', () => {
    // A 3000x4000 portrait in 1920x1080: fitted 810x1080, where cover would need 1920x2560.
    expect(preScaledSize(3000, 4000, 1920, 1080, slide([], 'fit'))).toEqual({
      width: 810,
      height: 1080,
    })
    const zoom = [{ name: 'zoom', params: { zoomStart: 100, zoomEnd: 130 } }]
    expect(preScaledSize(3000, 4000, 1920, 1080, slide(zoom, 'fit'))).toEqual({
      width: 1053,
      height: 1404,
    })
  })
})
