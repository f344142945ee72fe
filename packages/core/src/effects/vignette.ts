import { z } from 'zod'
import type { Preset } from './preset'

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
 * amount is the darkness at the corners in percent (presets go past 100: darker is clamped at
 * black); size, roundness and feather are fractions of the frame. With animate, startAmount ->
 * endAmount and startSize -> endSize replace amount and size over the slide.
 */
export const VignetteParamsSchema = z.object({
  amount: z.number().min(0).default(VIGNETTE_DEFAULTS.amount),
  size: z.number().min(0).default(VIGNETTE_DEFAULTS.size),
  roundness: z.number().min(0).default(VIGNETTE_DEFAULTS.roundness),
  feather: z.number().min(0).default(VIGNETTE_DEFAULTS.feather),
  animate: z.boolean().default(VIGNETTE_DEFAULTS.animate),
  startAmount: z.number().min(0).default(VIGNETTE_DEFAULTS.startAmount),
  endAmount: z.number().min(0).default(VIGNETTE_DEFAULTS.endAmount),
  startSize: z.number().min(0).default(VIGNETTE_DEFAULTS.startSize),
  endSize: z.number().min(0).default(VIGNETTE_DEFAULTS.endSize),
})
export type VignetteParams = z.infer<typeof VignetteParamsSchema>

export const VIGNETTE_PRESETS: Preset<VignetteParams>[] = [
  { name: 'Soft', params: { amount: 50 } },
  { name: 'Light', params: { amount: 30 } },
  { name: 'Heavy', params: { amount: 120 } },
  { name: 'Dramatic', params: { amount: 100 } },
]
