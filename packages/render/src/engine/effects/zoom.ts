import type { ZoomParams } from '@storyreel/core'
import { cameraCrop, drawCrop, type Crop } from '../camera'
import { easeInOut, lerp, progress } from '../easing'
import type { EffectModule } from '../types'

export const name = 'zoom'

export interface ZoomState {
  /** 1 = media exactly covers the frame. */
  zoom: number
  crop: Crop
}

/** zoomStart -> zoomEnd percent over the whole slide, eased, about the focus point. */
export function state(
  t: number,
  params: ZoomParams,
  frame: Parameters<typeof cameraCrop>[0],
): ZoomState {
  const k = easeInOut(progress(t, 0, frame.duration))
  const zoom = lerp(params.zoomStart, params.zoomEnd, k) / 100
  const fx = (params.focusX ?? 50) / 100
  const fy = (params.focusY ?? 50) / 100
  return { zoom, crop: cameraCrop(frame, zoom, fx, fy) }
}

export const zoom: EffectModule<'zoom', ZoomState> = {
  name,
  stage: 'camera',
  state,
  draw(ctx, s, frame, media) {
    if (media) drawCrop(ctx, media, s.crop, frame)
  },
  zoomRange(params) {
    const ends = [params.zoomStart / 100, params.zoomEnd / 100]
    return { min: Math.min(...ends), max: Math.max(...ends) }
  },
}
