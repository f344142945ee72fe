import { clamp01 } from '../easing'
import type { TransitionModule } from '../types'

export interface DipState {
  /** The slide shown: the one going out in the first half, the one coming in in the second. */
  shows: 'from' | 'to'
  /** Opacity of the black over it: 1 at the boundary. */
  black: number
}

/** The slide going out fades to black over the first half, the next one out of it over the second. */
export function state(progress: number): DipState {
  const p = clamp01(progress)
  return p < 0.5 ? { shows: 'from', black: 2 * p } : { shows: 'to', black: 2 - 2 * p }
}

export const dip: TransitionModule<'dip', DipState> = {
  type: 'dip',
  state,
  // One slide at a time, straight onto the frame: a dip costs what a fade does.
  draw(ctx, s, frame, paint) {
    paint[s.shows](ctx)
    if (s.black <= 0) return
    ctx.save()
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    ctx.globalAlpha = s.black
    ctx.globalCompositeOperation = 'source-over'
    ctx.fillStyle = '#000'
    ctx.fillRect(0, 0, frame.width, frame.height)
    ctx.restore()
  },
}
