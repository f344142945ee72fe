import { easeInOut } from '../easing'
import type { TransitionModule } from '../types'
import { blit } from './blit'

export interface PushState {
  /** How far both slides have moved left, as a share of the frame's width: 1 = the next fills it. */
  shift: number
}

/** The next slide comes in from the right, pushing the one going out off to the left, eased. */
export function state(progress: number): PushState {
  return { shift: easeInOut(progress) }
}

export const push: TransitionModule<'push', PushState> = {
  type: 'push',
  state,
  draw(ctx, s, frame, paint, layer) {
    // Both slides are drawn whole, then moved together.
    const x = s.shift * frame.width
    const out = layer('from')
    const into = layer('to')
    paint.from(out.ctx)
    paint.to(into.ctx)
    blit(ctx, out, frame, { x: -x })
    blit(ctx, into, frame, { x: frame.width - x })
  },
}
