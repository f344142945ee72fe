import type { Region } from '../engine/visible-region'

export interface ClipCut {
  /** What ffmpeg crops from each decoded frame, in the clip's own pixels (even, for chroma). */
  source: Region
  /** Where the cut lands, scaled, on the canvas of the clip's pre-scaled size. */
  target: Region
}

/**
 * The cut of a clip's frames that covers `region` of its pre-scaled picture, for cropping
 * before scaling: scaling a whole 1080p frame up to a portrait slide's pre-scaled size and then
 * keeping a third of it scaled three times the pixels it kept. The cut is whole, even pixels of
 * the clip around the region, so its target covers the region and lies within a pixel of where
 * the whole scaled frame would put it.
 */
export function clipCut(
  region: Region,
  clip: { width: number; height: number },
  scaled: { width: number; height: number },
): ClipCut {
  const kx = clip.width / scaled.width
  const ky = clip.height / scaled.height
  const x = Math.max(0, Math.floor(region.x * kx)) & ~1
  const y = Math.max(0, Math.floor(region.y * ky)) & ~1
  const right = Math.min(clip.width, Math.ceil((region.x + region.width) * kx))
  const bottom = Math.min(clip.height, Math.ceil((region.y + region.height) * ky))
  const width = Math.min(clip.width - x, (right - x + 1) & ~1)
  const height = Math.min(clip.height - y, (bottom - y + 1) & ~1)
  const tx = Math.round(x / kx)
  const ty = Math.round(y / ky)
  return {
    source: { x, y, width, height },
    target: {
      x: tx,
      y: ty,
      width: Math.min(scaled.width - tx, Math.round(width / kx)),
      height: Math.min(scaled.height - ty, Math.round(height / ky)),
    },
  }
}
