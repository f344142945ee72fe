import type { Slide } from '@storyreel/core'
import { baseScale } from './camera'
import { effectModule } from './effects'
import type { ZoomRange } from './types'

/** The smallest and largest zoom the slide's camera reaches (1 = its framing's base scale). */
export function zoomRange(slide: Slide): ZoomRange {
  let min = Infinity
  let max = -Infinity
  for (const e of slide.effects) {
    const range = effectModule(e.name).zoomRange?.(e.params)
    if (range) {
      min = Math.min(min, range.min)
      max = Math.max(max, range.max)
    }
  }
  return min <= max ? { min: Math.max(0.01, min), max: Math.max(0.01, max) } : { min: 1, max: 1 }
}

/** Frames draw the media with bilinear filtering, which aliases when shrinking much further. */
export const MIN_DRAW_SCALE = 0.7

/**
 * The size to scale a slide's media to once, before its frames are drawn: as large as its
 * largest zoom needs, but no larger than lets its smallest zoom draw at MIN_DRAW_SCALE or
 * more, and never above the media's own size.
 */
export function preScaledSize(
  mediaWidth: number,
  mediaHeight: number,
  width: number,
  height: number,
  slide: Slide,
): { width: number; height: number } {
  const { min, max } = zoomRange(slide)
  const base = baseScale(slide.framing ?? 'cover', width, height, mediaWidth, mediaHeight)
  const f = Math.min(1, base * Math.min(max, min / MIN_DRAW_SCALE))
  return {
    width: Math.max(1, Math.round(mediaWidth * f)),
    height: Math.max(1, Math.round(mediaHeight * f)),
  }
}
