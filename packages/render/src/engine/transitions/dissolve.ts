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
  // One slide is held still in each half (momentAt): the one coming in on its first frame until
  // the boundary, the one going out on its last after it. That one goes on the layer, which
  // keeps its picture from frame to frame, so each frame draws one slide, not two, and the
  // other is laid over the moving one at the opacity that gives the same blend.
  draw(ctx, s, frame, paint, layer) {
    const [under, over, alpha] =
      s.alpha < 0.5 ? (['from', 'to', s.alpha] as const) : (['to', 'from', 1 - s.alpha] as const)
    paint[under](ctx)
    if (alpha <= 0) return
    const held = layer(over)
    paint[over](held.ctx)
    blit(ctx, held, frame, { alpha })
  },
}
