import { z } from 'zod'
import { CompositionSchema, MAX_SLIDES } from './composition'
import { WordTimingSchema } from './narration'
import { SlideSchema } from './slide'

/** A slide as rendered: stretched to its narration, with the words spoken over it. */
export const RenderedSlideSchema = SlideSchema.extend({
  /** The words the voice says, seconds from the slide's start; absent on a silent slide. */
  spokenWords: z.array(WordTimingSchema).optional(),
})
export type RenderedSlide = z.infer<typeof RenderedSlideSchema>

/**
 * A composition as the worker renders it: each narrated slide stretched to its speech and
 * carrying the words the voice says over it, which the render draws as captions. It travels
 * from the narration to the frames (and to a split render's range jobs) as one value; the task
 * keeps, and the API answers, the composition in SPEC's shape: CompositionSchema drops the words.
 */
export const RenderedCompositionSchema = CompositionSchema.safeExtend({
  composition: z.array(RenderedSlideSchema).min(1).max(MAX_SLIDES),
})
export type RenderedComposition = z.infer<typeof RenderedCompositionSchema>
