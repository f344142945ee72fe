import {
  ANIMATED_TEXT_DEFAULTS,
  AnimatedTextParamsSchema,
  animatedTextEffect,
} from './animated-text'
import { defineEffect } from './descriptor'

/** animated_text with streaming always on, so its stream switch is not offered. */
export const streamTextEffect = defineEffect({
  name: 'stream_text',
  label: 'Streaming text',
  icon: 'captions',
  params: AnimatedTextParamsSchema,
  defaults: { ...ANIMATED_TEXT_DEFAULTS, stream: true },
  sliders: animatedTextEffect.sliders,
  hidden: ['scaledFontSize', 'stream'],
  controls: animatedTextEffect.controls,
  renderCost: animatedTextEffect.renderCost,
  shownAfter: animatedTextEffect.shownAfter,
})
