import { describe, expect, it } from 'vitest'
import { testFrame } from '../../../test/fixtures/test-frame'
import { state } from './zoom'

const frame = testFrame()
const params = { zoomStart: 100, zoomEnd: 180 }

describe('zoom state', () => {
  it('starts at zoomStart: the media covers the frame, centred', () => {
    const s = state(0, params, frame)
    expect(s.zoom).toBe(1)
    // cover: 2000 px of media height fill 1920 px; width shows 1125 of 3000 px, centred
    expect(s.crop.sh).toBeCloseTo(2000)
    expect(s.crop.sw).toBeCloseTo(1125)
    expect(s.crop.sx).toBeCloseTo((3000 - 1125) / 2)
    expect(s.crop).toMatchObject({ dx: 0, dy: 0, dw: 1080, dh: 1920 })
  })

  it('is half way at mid-slide (ease-in-out is symmetric) and ends at zoomEnd', () => {
    expect(state(2, params, frame).zoom).toBeCloseTo(1.4)
    const end = state(4, params, frame)
    expect(end.zoom).toBeCloseTo(1.8)
    expect(end.crop.sw).toBeCloseTo(1125 / 1.8)
    expect(end.crop.sx + end.crop.sw / 2).toBeCloseTo(1500)
  })

  it('eases: slow at the ends, fast in the middle', () => {
    const early = state(0.4, params, frame).zoom - 1
    const middle = state(2.2, params, frame).zoom - state(1.8, params, frame).zoom
    expect(early).toBeLessThan(middle / 4)
  })

  it('holds its end values out of range', () => {
    expect(state(-1, params, frame).zoom).toBe(1)
    expect(state(9, params, frame).zoom).toBeCloseTo(1.8)
  })

  it('centres on the focus point, keeping the window inside the media', () => {
    const s = state(4, { ...params, focusX: 100, focusY: 50 }, frame)
    expect(s.crop.sx + s.crop.sw).toBeCloseTo(3000)
    const f = state(4, { ...params, focusX: 60, focusY: 40 }, frame)
    expect(f.crop.sx + f.crop.sw / 2).toBeCloseTo(1800)
    expect(f.crop.sy + f.crop.sh / 2).toBeCloseTo(800)
    const mid = state(2, { ...params, focusX: 75, focusY: 50 }, frame)
    expect(mid.crop.sx).toBeGreaterThan(state(2, params, frame).crop.sx)
  })

  it('letterboxes below 100: the media is smaller than the frame, centred on black', () => {
    const s = state(0, { zoomStart: 50, zoomEnd: 50 }, frame)
    // shown at 0.48x: 960 px tall, centred with 480 px of black above and below; still
    // wider than the frame, so the middle 2250 px of its width fill it
    expect(s.crop).toMatchObject({ sy: 0, sh: 2000, dx: 0 })
    expect(s.crop.dh).toBeCloseTo(960)
    expect(s.crop.dy).toBeCloseTo(480)
    expect(s.crop.sw).toBeCloseTo(2250)
    expect(s.crop.sx).toBeCloseTo(375)
    expect(s.crop.dw).toBeCloseTo(1080)
  })

  it('fitted: shows the whole media at 100, then grows it over the backdrop about the focus', () => {
    const fit = testFrame({ framing: 'fit' })
    // 3000x2000 in 1080x1920: 1080 px wide, 720 px tall, centred with 600 px above and below
    const start = state(0, params, fit)
    expect(start.crop).toMatchObject({ sx: 0, sy: 0, sw: 3000, sh: 2000, dx: 0, dw: 1080 })
    expect(start.crop.dh).toBeCloseTo(720)
    expect(start.crop.dy).toBeCloseTo(600)
    // At 1.8 it is 1296 px tall, still centred on the backdrop; across, it is cropped to the
    // frame toward the focus.
    const end = state(4, { ...params, focusX: 25 }, fit)
    expect(end.crop.dh).toBeCloseTo(1296)
    expect(end.crop.dy).toBeCloseTo(312)
    expect(end.crop.sw).toBeCloseTo(3000 / 1.8)
    expect(end.crop.sx + end.crop.sw / 2).toBeCloseTo(3000 / 1.8 / 2)
  })
})
