import { z } from 'zod'
import { CaptionsSchema } from './captions'
import { MAX_MOVIE_SIDE } from './limits'
import { MusicSchema } from './music'
import { SlideSchema, type Slide } from './slide'
import { VoiceIdSchema } from './voices'

/** Frames per second of every render; the preview samples the same instants. */
export const FPS = 30

export const MAX_SLIDES = 50
/**
 * Longest movie: ten minutes. The composer's 50 slides make 150 s (pictures) to 500 s (clips);
 * short videos for social media are well under it.
 */
export const MAX_MOVIE_SECONDS = 10 * 60

export const MovieParamsSchema = z.object({
  width: z.number().int().min(16).max(MAX_MOVIE_SIDE).multipleOf(2),
  height: z.number().int().min(16).max(MAX_MOVIE_SIDE).multipleOf(2),
  /** A voice id from VOICES, or null for no narration ('Off'). */
  voice: VoiceIdSchema.nullable().default(null),
  /** Absent: no captions (DEFAULT_CAPTIONS). */
  captions: CaptionsSchema.optional(),
  /** Absent or null: no music (Off). An addition beyond SPEC section 3, like captions. */
  music: MusicSchema.nullable().optional(),
})
export type MovieParams = z.infer<typeof MovieParamsSchema>

export const CompositionSchema = z
  .object({
    movieParams: MovieParamsSchema,
    renderedVideoUrl: z.string().max(500).nullable().optional(),
    composition: z.array(SlideSchema).min(1).max(MAX_SLIDES),
  })
  .superRefine((c, ctx) => {
    if (compositionDuration(c) > MAX_MOVIE_SECONDS) {
      ctx.addIssue({
        code: 'custom',
        message: `longer than ${MAX_MOVIE_SECONDS} seconds`,
        path: ['composition'],
      })
    }
    for (const [i, slide] of c.composition.entries()) {
      for (const [j, side] of textBoxesOutside(slide, c.movieParams)) {
        ctx.addIssue({
          code: 'custom',
          message: `larger than the movie's ${side}`,
          path: ['composition', i, 'effects', j, 'params', side],
        })
      }
    }
  })
export type Composition = z.infer<typeof CompositionSchema>

/** Text boxes of the slide larger than the movie, as [effect index, side]. */
function textBoxesOutside(slide: Slide, movie: MovieParams): [number, 'width' | 'height'][] {
  return slide.effects.flatMap((effect, j) => {
    if (effect.name !== 'animated_text' && effect.name !== 'stream_text') return []
    return (['width', 'height'] as const)
      .filter((side) => (effect.params[side] ?? 0) > movie[side])
      .map((side): [number, 'width' | 'height'] => [j, side])
  })
}

export function compositionDuration(composition: { composition: readonly Slide[] }): number {
  return composition.composition.reduce((sum, slide) => sum + slide.duration, 0)
}
