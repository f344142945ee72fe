import type { DrawnTransitionType } from '@storyreel/core'
import type { TransitionModule } from '../types'
import { dip } from './dip'
import { dissolve } from './dissolve'
import { push } from './push'
import { wipe } from './wipe'

/** The engine's half of each transition type (core's TRANSITIONS holds the other). */
export const TRANSITION_MODULES: { [T in DrawnTransitionType]: TransitionModule<T, unknown> } = {
  dissolve,
  dip,
  push,
  wipe,
} as { [T in DrawnTransitionType]: TransitionModule<T, unknown> }

export function transitionModule(
  type: DrawnTransitionType,
): TransitionModule<DrawnTransitionType, unknown> {
  return TRANSITION_MODULES[type] as TransitionModule<DrawnTransitionType, unknown>
}
