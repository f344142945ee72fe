import type { PanParams } from '@storyreel/core'
import { cameraCrop, drawCrop, type Crop } from '../camera'
import { easeInOut, progress } from '../easing'
import type { EffectModule, FrameInfo } from '../types'

export const name = 'pan'

/**
 * The spec gives pan a label and no params. We render it as a slow horizontal camera move:
 * the cover-fitted media enlarged to 115 % (so there is room to travel without showing an
 * edge), from its left edge to its right edge over the whole slide, eased in and out,
 * vertically centred.
 */
export const PAN_ZOOM = 1.15

export interface PanState {
  /** 0 = window at the media's left edge, 1 = at its right edge. */
  x: number
  crop: Crop
}

export function state(t: number, _params: PanParams, frame: FrameInfo): PanState {
  const x = easeInOut(progress(t, 0, frame.duration))
  return { x, crop: cameraCrop(frame, PAN_ZOOM, 0.5, 0.5, x) }
}

export const pan: EffectModule<'pan', PanState> = {
  name,
  stage: 'camera',
  state,
  draw(ctx, s, frame, media) {
    if (media) drawCrop(ctx, media, s.crop, frame)
  },
  zoomRange: () => ({ min: PAN_ZOOM, max: PAN_ZOOM }),
}
