import type { EffectName } from '@storyreel/core'
import type { EffectModule } from '../types'
import { animatedText } from './animated-text'
import { blur } from './blur'
import { distort } from './distort'
import { fade } from './fade'
import { pan } from './pan'
import { streamText } from './stream-text'
import { vignette } from './vignette'
import { zoom } from './zoom'

/** Every effect module by name. */
export const EFFECT_MODULES: { [N in EffectName]: EffectModule<N, unknown> } = {
  zoom,
  blur,
  fade,
  vignette,
  distort,
  animated_text: animatedText,
  stream_text: streamText,
  pan,
} as { [N in EffectName]: EffectModule<N, unknown> }

/** An effect's module, typed for any params: callers hand each module its own effect's params. */
export function effectModule(name: EffectName): EffectModule<EffectName, unknown> {
  return EFFECT_MODULES[name] as EffectModule<EffectName, unknown>
}
