import { clamp01 } from '../easing'
import type { TransitionModule } from '../types'
import { blit } from './blit'

export interface DissolveState {
  /** Opacity of the slide coming in over the one going out. */
  alpha: number
}

/**
 * The slide coming in laid over the one going out at a rising opacity: each pixel moves in a
 * straight line from one picture to the other, never darker than the darker of the two.
 */
export function state(progress: number): DissolveState {
  return { alpha: clamp01(progress) }
}

export const dissolve: TransitionModule<'dissolve', DissolveState> = {
  type: 'dissolve',
  state,
  draw(ctx, s, frame, paint, layer) {
    paint.from(ctx)
    if (s.alpha <= 0) return
    const over = layer('to')
    paint.to(over.ctx)
    blit(ctx, over, frame, { alpha: s.alpha })
  },
}
