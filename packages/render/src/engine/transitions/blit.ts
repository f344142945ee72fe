import type { Ctx, Layer } from '../types'

/**
 * Copies a frame-sized layer onto the frame: shifted right by `x` pixels, only its first `width`
 * columns, at `alpha`. Fractions of a pixel are kept (resampled bilinear), so that the preview,
 * a fraction of the movie's size, puts an edge where the video does. The context's state is its
 * own again afterwards.
 */
export function blit(
  ctx: Ctx,
  layer: Layer,
  frame: { width: number; height: number },
  { x = 0, width = frame.width, alpha = 1 }: { x?: number; width?: number; alpha?: number },
): void {
  if (width <= 0 || alpha <= 0) return
  ctx.save()
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.globalAlpha = alpha
  ctx.globalCompositeOperation = 'source-over'
  ctx.filter = 'none'
  ctx.imageSmoothingEnabled = true
  ctx.imageSmoothingQuality = 'low'
  ctx.drawImage(layer.source, 0, 0, width, frame.height, x, 0, width, frame.height)
  ctx.restore()
}
