import { describe, expect, it } from 'vitest'
import { coverWidth, fitInside, frameOrientation, pickRendition } from './renditions'

const r = (width: number, height: number) => ({ url: `${width}x${height}`, width, height })

describe('frameOrientation', () => {
  it('names the four ratios of the app', () => {
    expect(frameOrientation({ width: 1920, height: 1080 })).toBe('landscape')
    expect(frameOrientation({ width: 1080, height: 1080 })).toBe('square')
    expect(frameOrientation({ width: 864, height: 1080 })).toBe('portrait')
    expect(frameOrientation({ width: 1080, height: 1920 })).toBe('portrait')
  })
})

describe('fitInside and coverWidth', () => {
  it('shrink keeping the shape, never enlarge', () => {
    expect(fitInside(6000, 4000, { width: 940, height: 650 })).toEqual({ width: 940, height: 627 })
    expect(fitInside(6000, 4000, { width: Infinity, height: 350 })).toEqual({
      width: 525,
      height: 350,
    })
    expect(fitInside(300, 200, { width: 940, height: 650 })).toEqual({ width: 300, height: 200 })
  })

  it('covers the frame: a landscape photo in a portrait frame is as tall as the frame', () => {
    expect(coverWidth(6000, 4000, { width: 1920, height: 1080 })).toBe(1920)
    expect(coverWidth(6000, 4000, { width: 1080, height: 1920 })).toBe(2880)
    expect(coverWidth(1000, 800, { width: 1920, height: 1080 })).toBe(1000)
  })
})

describe('pickRendition', () => {
  const sizes = [r(6000, 4000), r(1880, 1253), r(940, 627), r(525, 350)]

  it('takes the smallest that covers the frame', () => {
    expect(pickRendition(sizes, { width: 900, height: 600 })?.url).toBe('940x627')
    expect(pickRendition(sizes, { width: 1080, height: 1080 })?.url).toBe('1880x1253')
    expect(pickRendition(sizes, { width: 1920, height: 1080 })?.url).toBe('6000x4000')
  })

  it('takes the largest when none covers, and skips empty renditions', () => {
    expect(pickRendition([r(640, 360), r(1280, 720)], { width: 3840, height: 2160 })?.url).toBe(
      '1280x720',
    )
    expect(
      pickRendition([{ url: '', width: 4000, height: 3000 }, r(0, 0), r(640, 360)], {
        width: 1920,
        height: 1080,
      })?.url,
    ).toBe('640x360')
    expect(pickRendition([], { width: 1, height: 1 })).toBeUndefined()
  })
})
