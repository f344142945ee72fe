import type { BlurParams } from '@storyreel/core'
import { lerp, progress } from '../easing'
import { unitScale } from '../frame'
import type { EffectModule, FrameInfo } from '../types'

export const name = 'blur'

/** Blur radius in pixels (at 1080) for the blur value 100. */
export const MAX_RADIUS_AT_1080 = 40

export interface BlurState {
  /** Gaussian standard deviation in output pixels; 0 = sharp. */
  radius: number
}

/** startBlur -> endBlur (0..100) linearly over the slide. */
export function state(t: number, params: BlurParams, frame: FrameInfo): BlurState {
  const k = progress(t, 0, frame.duration)
  const value = Math.min(100, Math.max(0, lerp(params.startBlur, params.endBlur, k)))
  return { radius: (value / 100) * MAX_RADIUS_AT_1080 * unitScale(frame.width, frame.height) }
}

/** Below this (frame pixels) a blur changes nothing visible: the media is drawn sharp. */
const SHARP = 0.1

export const blur: EffectModule<'blur', BlurState> = {
  name,
  stage: 'filter',
  state,
  // drawFrame draws the media blurred (drawBlurred): nothing to draw here.
  blur: (s) => (s.radius >= SHARP ? s.radius : 0),
}
