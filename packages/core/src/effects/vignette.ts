import { z } from 'zod'
import { defineEffect, numberIn, type SliderRange } from './descriptor'

/** Exported by name as well: the composer builds its vignettes on these. */
export const VIGNETTE_DEFAULTS = {
  amount: 50,
  size: 0.9,
  roundness: 0.7,
  feather: 0.8,
  animate: false,
  startAmount: 0,
  endAmount: 50,
  startSize: 1,
  endSize: 0.9,
}

/**
 * The amount slider. SPEC section 5 says 0 to 100, but its Heavy preset is 120: the slider goes
 * to 120 so that a preset's value is one the slider can show and reach (the editor's choice).
 */
const AMOUNT_SLIDER: SliderRange = { min: 0, max: 120, step: 1 }
/** The Heavy preset goes past the slider, to 120. */
const AMOUNT = { min: 0, max: 120 }
/** Fractions of the frame; a size of 2 already leaves the frame unshaded. */
const SIZE: SliderRange = { min: 0, max: 2, step: 0.01 }
const FRACTION: SliderRange = { min: 0, max: 1, step: 0.01 }

/**
 * amount is the darkness at the corners in percent (presets go past 100: darker is clamped at
 * black); size, roundness and feather are fractions of the frame. With animate, startAmount ->
 * endAmount and startSize -> endSize replace amount and size over the slide.
 */
export const VignetteParamsSchema = z.object({
  amount: numberIn(AMOUNT).default(VIGNETTE_DEFAULTS.amount),
  size: numberIn(SIZE).default(VIGNETTE_DEFAULTS.size),
  roundness: numberIn(FRACTION).default(VIGNETTE_DEFAULTS.roundness),
  feather: numberIn(FRACTION).default(VIGNETTE_DEFAULTS.feather),
  animate: z.boolean().default(VIGNETTE_DEFAULTS.animate),
  startAmount: numberIn(AMOUNT).default(VIGNETTE_DEFAULTS.startAmount),
  endAmount: numberIn(AMOUNT).default(VIGNETTE_DEFAULTS.endAmount),
  startSize: numberIn(SIZE).default(VIGNETTE_DEFAULTS.startSize),
  endSize: numberIn(SIZE).default(VIGNETTE_DEFAULTS.endSize),
})
export type VignetteParams = z.infer<typeof VignetteParamsSchema>

export const vignetteEffect = defineEffect({
  name: 'vignette',
  label: 'Vignette',
  icon: 'aperture',
  params: VignetteParamsSchema,
  defaults: VIGNETTE_DEFAULTS,
  presets: [
    { name: 'Soft', params: { amount: 50 } },
    { name: 'Light', params: { amount: 30 } },
    { name: 'Heavy', params: { amount: 120 } },
    { name: 'Dramatic', params: { amount: 100 } },
  ],
  sliders: {
    amount: AMOUNT_SLIDER,
    startAmount: AMOUNT_SLIDER,
    endAmount: AMOUNT_SLIDER,
    size: SIZE,
    startSize: SIZE,
    endSize: SIZE,
    roundness: FRACTION,
    feather: FRACTION,
  },
  enabledBy: {
    startAmount: 'animate',
    endAmount: 'animate',
    startSize: 'animate',
    endSize: 'animate',
  },
  // Animated, so its mask is painted again on every frame.
  renderCost: {
    weight: 0.4,
    costliest: { amount: 120, animate: true, startAmount: 0, endAmount: 120 },
  },
})
