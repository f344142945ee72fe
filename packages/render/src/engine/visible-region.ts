import type { Slide } from '@storyreel/core'
import { blurReach } from './blurred-media'
import { slideMediaView } from './media-view'
import { FPS, frameInfo } from './frame'

/** A rectangle of media pixels, whole pixels. */
export interface Region {
  x: number
  y: number
  width: number
  height: number
}

/** Pixels kept around the region: a bilinear sample at its edge reads the pixel beyond. */
const MARGIN = 2

/**
 * The part of a slide's media (in pixels of the media at mediaWidth x mediaHeight, its
 * pre-scaled size) that its frames draw: the bounding box of its camera's crops over the
 * slide, each grown by the reach of the blur over it, plus a margin for bilinear sampling. A
 * loader may decode only this (each frame of a clip). A fitted slide draws its whole media on
 * the backdrop.
 */
export function visibleRegion(
  slide: Slide,
  width: number,
  height: number,
  mediaWidth: number,
  mediaHeight: number,
): Region {
  const whole = { x: 0, y: 0, width: mediaWidth, height: mediaHeight }
  if ((slide.framing ?? 'cover') === 'fit') return whole
  const frame = { ...frameInfo(width, height, slide, null), mediaWidth, mediaHeight }
  let x0 = Infinity
  let y0 = Infinity
  let x1 = -Infinity
  let y1 = -Infinity
  const frames = Math.max(1, Math.round(slide.duration * FPS))
  // Every frame of the video, and the slide's very end (a preview frame may be asked for it).
  for (let i = 0; i <= frames; i++) {
    const { crop, sigma } = slideMediaView(slide, Math.min(i / FPS, slide.duration), frame)
    if (crop.sw <= 0 || crop.sh <= 0) continue
    const grow = sigma > 0 ? blurReach(sigma, width, height) / (crop.dw / crop.sw) : 0
    x0 = Math.min(x0, crop.sx - grow)
    y0 = Math.min(y0, crop.sy - grow)
    x1 = Math.max(x1, crop.sx + crop.sw + grow)
    y1 = Math.max(y1, crop.sy + crop.sh + grow)
  }
  if (!(x1 > x0 && y1 > y0)) return whole
  const left = Math.max(0, Math.floor(x0) - MARGIN)
  const top = Math.max(0, Math.floor(y0) - MARGIN)
  const right = Math.min(mediaWidth, Math.ceil(x1) + MARGIN)
  const bottom = Math.min(mediaHeight, Math.ceil(y1) + MARGIN)
  return { x: left, y: top, width: right - left, height: bottom - top }
}
