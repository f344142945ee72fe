import type { AnimatedTextParams } from '@storyreel/core'
import type { EffectModule, FrameInfo } from '../types'
import { drawText, previewTextParams, textRect, textState, type TextState } from './animated-text'

export const name = 'stream_text'

/** stream_text is animated_text with streaming always on. */
export function state(t: number, p: AnimatedTextParams, frame: FrameInfo): TextState {
  return textState(t, p, frame, true)
}

export const streamText: EffectModule<'stream_text', TextState> = {
  name,
  stage: 'overlay',
  state,
  draw: drawText,
  textRect,
  previewParams: previewTextParams,
}
