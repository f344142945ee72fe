import type { Ctx, Layer } from '../types'

/**
 * Copies a frame-sized layer onto the frame pixel for pixel: shifted right by `x` (whole
 * pixels, so nothing is resampled), only its first `width` columns, at `alpha`. The context's
 * state is its own again afterwards.
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
  ctx.drawImage(layer.source, 0, 0, width, frame.height, x, 0, width, frame.height)
  ctx.restore()
}
