import { z } from 'zod'
import type { Preset } from './preset'

export const FADE_DEFAULTS = { fadeInDuration: 0.3, fadeOutDuration: 0.2 }

/** Seconds from black at the slide's start and to black at its end. */
export const FadeParamsSchema = z.object({
  fadeInDuration: z.number().min(0).default(FADE_DEFAULTS.fadeInDuration),
  fadeOutDuration: z.number().min(0).default(FADE_DEFAULTS.fadeOutDuration),
})
export type FadeParams = z.infer<typeof FadeParamsSchema>

export const FADE_PRESETS: Preset<FadeParams>[] = [
  { name: 'Default', params: { fadeInDuration: 0.3, fadeOutDuration: 0.2 } },
  { name: 'Slow', params: { fadeInDuration: 1, fadeOutDuration: 1 } },
  { name: 'Quick', params: { fadeInDuration: 0.1, fadeOutDuration: 0.1 } },
  { name: 'Dramatic', params: { fadeInDuration: 2, fadeOutDuration: 2 } },
]
