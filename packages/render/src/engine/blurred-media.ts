import { drawCropWithBleed, type Crop } from './camera'
import { layerOf } from './media-layers'
import type { Ctx, FrameInfo, Layer, Media } from './types'

/**
 * The least blur, in pixels of the small copy, that a copy scaled down by a power of two may
 * carry: scaled back up bilinearly, a picture this soft shows no trace of its coarser pixels.
 */
export const MIN_LAYER_SIGMA = 2.5

/** The smallest copy: 1/32 of the frame (a 4K frame's strongest blur still needs no less). */
const MAX_LEVEL = 5

/** A Gaussian reaches about three standard deviations. */
export const REACH = 3

/**
 * The scale (1, 1/2, 1/4...) at which a blur of `sigma` frame pixels is drawn: the smallest
 * whose blur, in its own pixels, is still MIN_LAYER_SIGMA or more. A blur is a low-pass filter:
 * what it keeps, a copy at this scale holds too, at a fraction of the pixels to blur.
 */
export function blurScale(sigma: number): number {
  if (!(sigma > 0)) return 1
  const level = Math.floor(Math.log2(sigma / MIN_LAYER_SIGMA))
  return 2 ** -Math.min(MAX_LEVEL, Math.max(0, level))
}

/** The small copy of a width x height frame at `scale`, with a margin for the blur's reach. */
export interface BlurLayout {
  scale: number
  /** The blur in the copy's pixels. */
  sigma: number
  /** Pixels around the frame's picture in the copy: the blur samples picture there, not black. */
  pad: number
  width: number
  height: number
}

export function blurLayout(sigma: number, width: number, height: number): BlurLayout {
  const scale = blurScale(sigma)
  const small = sigma * scale
  const pad = Math.ceil(REACH * small) + 1
  return {
    scale,
    sigma: small,
    pad,
    width: Math.ceil(width * scale) + 2 * pad,
    height: Math.ceil(height * scale) + 2 * pad,
  }
}

/** Frame pixels of picture drawBlurred samples beyond each edge of the frame for this blur. */
export function blurReach(sigma: number, width: number, height: number): number {
  const layout = blurLayout(sigma, width, height)
  return layout.scale === 1 ? Math.ceil(REACH * sigma) : layout.pad / layout.scale
}

function resetLayer(l: Layer, layout: BlurLayout): void {
  l.ctx.setTransform(1, 0, 0, 1, 0, 0)
  l.ctx.globalAlpha = 1
  l.ctx.globalCompositeOperation = 'source-over'
  l.ctx.filter = 'none'
  l.ctx.clearRect(0, 0, layout.width, layout.height)
}

/**
 * Draws the media's crop blurred by `sigma` frame pixels. A large blur is drawn on a copy
 * scaled down by blurScale (the media shrunk through its mipmaps, so nothing aliases), blurred
 * there and scaled back up: the same picture as a blur at full size, at a fraction of its cost.
 * The picture is drawn past the frame's edges by the blur's reach (its edge pixels stretched
 * where it ends), so the frame's edges neither darken nor stay sharp. A small blur, or media
 * without layers, is blurred on the frame itself.
 */
export function drawBlurred(
  ctx: Ctx,
  media: Media,
  crop: Crop,
  sigma: number,
  frame: FrameInfo,
): void {
  const layout = blurLayout(sigma, frame.width, frame.height)
  if (layout.scale === 1 || !media.makeLayer) {
    ctx.filter = `blur(${sigma.toFixed(2)}px)`
    drawCropWithBleed(ctx, media, crop, Math.ceil(REACH * sigma), frame)
    ctx.filter = 'none'
    return
  }
  const { scale, pad } = layout
  const picture = layerOf(media, 'picture', layout.width, layout.height)
  const blurred = layerOf(media, 'blurred', layout.width, layout.height)
  resetLayer(picture, layout)
  picture.ctx.setTransform(scale, 0, 0, scale, pad, pad)
  picture.ctx.imageSmoothingEnabled = true
  picture.ctx.imageSmoothingQuality = 'medium'
  drawCropWithBleed(picture.ctx, media, crop, pad / scale, frame)
  resetLayer(blurred, layout)
  blurred.ctx.filter = `blur(${layout.sigma.toFixed(3)}px)`
  blurred.ctx.drawImage(picture.source, 0, 0)
  blurred.ctx.filter = 'none'
  ctx.drawImage(
    blurred.source,
    pad,
    pad,
    frame.width * scale,
    frame.height * scale,
    0,
    0,
    frame.width,
    frame.height,
  )
}
