import type { FadeParams } from '@storyreel/core'
import { FPS } from '../frame'
import type { EffectModule, FrameInfo } from '../types'

export const name = 'fade'

export interface FadeState {
  /** Opacity of the black laid over the whole frame: 1 = black. */
  black: number
}

/**
 * From black over fadeInDuration, to black over fadeOutDuration. The fade out ends on the
 * slide's last frame (one frame before its end), so that frame is fully black.
 */
export function state(t: number, params: FadeParams, frame: FrameInfo): FadeState {
  const lastFrame = Math.max(0, frame.duration - 1 / FPS)
  let black = 0
  if (params.fadeInDuration > 0 && t < params.fadeInDuration) {
    black = 1 - Math.max(0, t) / params.fadeInDuration
  }
  const outStart = lastFrame - params.fadeOutDuration
  if (params.fadeOutDuration > 0 && t > outStart) {
    black = Math.max(black, Math.min(1, (t - outStart) / params.fadeOutDuration))
  }
  return { black: Math.min(1, Math.max(0, black)) }
}

export const fade: EffectModule<'fade', FadeState> = {
  name,
  stage: 'final',
  state,
  draw(ctx, s, frame) {
    if (s.black <= 0) return
    ctx.globalAlpha = s.black
    ctx.fillStyle = '#000'
    ctx.fillRect(0, 0, frame.width, frame.height)
    ctx.globalAlpha = 1
  },
}
