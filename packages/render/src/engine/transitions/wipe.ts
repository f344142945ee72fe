import { easeInOut } from '../easing'
import type { TransitionModule } from '../types'
import { blit } from './blit'

export interface WipeState {
  /** Where the edge is, as a share of the frame's width from the left: the next slide shows left of it. */
  edge: number
}

/** An edge crosses the frame from left to right, uncovering the next slide behind it, eased. */
export function state(progress: number): WipeState {
  return { edge: easeInOut(progress) }
}

export const wipe: TransitionModule<'wipe', WipeState> = {
  type: 'wipe',
  state,
  draw(ctx, s, frame, paint, layer) {
    paint.from(ctx)
    const width = s.edge * frame.width
    if (width <= 0) return
    const into = layer('to')
    paint.to(into.ctx)
    blit(ctx, into, frame, { width })
  },
}
