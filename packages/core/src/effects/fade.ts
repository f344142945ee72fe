import { z } from 'zod'
import { defineEffect, numberIn } from './descriptor'

const defaults = { fadeInDuration: 0.3, fadeOutDuration: 0.2 }

/** Fade durations slide in tenths of a second up to 10 s (SPEC section 5). */
export const FADE_SLIDER = { min: 0, max: 10, step: 0.1 }

/** Seconds from black at the slide's start and to black at its end. */
export const FadeParamsSchema = z.object({
  fadeInDuration: numberIn(FADE_SLIDER).default(defaults.fadeInDuration),
  fadeOutDuration: numberIn(FADE_SLIDER).default(defaults.fadeOutDuration),
})
export type FadeParams = z.infer<typeof FadeParamsSchema>

export const fadeEffect = defineEffect({
  name: 'fade',
  label: 'Fade',
  icon: 'sun-dim',
  params: FadeParamsSchema,
  defaults,
  presets: [
    { name: 'Default', params: { fadeInDuration: 0.3, fadeOutDuration: 0.2 } },
    { name: 'Slow', params: { fadeInDuration: 1, fadeOutDuration: 1 } },
    { name: 'Quick', params: { fadeInDuration: 0.1, fadeOutDuration: 0.1 } },
    { name: 'Dramatic', params: { fadeInDuration: 2, fadeOutDuration: 2 } },
  ],
  sliders: { fadeInDuration: FADE_SLIDER, fadeOutDuration: FADE_SLIDER },
  // Fading over the whole of bench/effect-cost's slides; bench/render's 4 s slides fade to black
  // at both ends.
  renderCost: { weight: 0.25, costliest: { fadeInDuration: 10, fadeOutDuration: 10 } },
  heaviest: { fadeInDuration: 2, fadeOutDuration: 2 },
  shownAfter: (params) => params.fadeInDuration ?? 0,
})
