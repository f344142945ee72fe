import { z } from 'zod'
import { SlideSchema } from './slide'

/** Longest side we render; 4K and above is out of scope for short social videos. */
export const MAX_MOVIE_SIDE = 3840
export const MAX_SLIDES = 50

export const MovieParamsSchema = z.object({
  width: z.number().int().min(16).max(MAX_MOVIE_SIDE).multipleOf(2),
  height: z.number().int().min(16).max(MAX_MOVIE_SIDE).multipleOf(2),
  /** A voice id from VOICES, or null for no narration ('Off'). */
  voice: z.string().nullable().default(null),
})
export type MovieParams = z.infer<typeof MovieParamsSchema>

export const CompositionSchema = z.object({
  movieParams: MovieParamsSchema,
  renderedVideoUrl: z.string().nullable().optional(),
  composition: z.array(SlideSchema).min(1).max(MAX_SLIDES),
})
export type Composition = z.infer<typeof CompositionSchema>

export function compositionDuration(composition: Composition): number {
  return composition.composition.reduce((sum, slide) => sum + slide.duration, 0)
}
