import { z } from 'zod'
import { EffectSchema } from './effects'
import { FramingSchema } from './framing'
import { MAX_SLIDE_SECONDS } from './limits'
import { MAX_NARRATION_CHARS } from './narration'
import { SubjectSchema } from './subjects'
import { TransitionSchema } from './transition'

/** Effects one slide may stack; the composer uses four at most. */
export const MAX_EFFECTS_PER_SLIDE = 10
/** As many as the detector names in a picture (its MAX_SUBJECTS), with room to spare. */
const MAX_SLIDE_SUBJECTS = 20
/** Stored names are a uuid and an extension; room to spare. */
const MAX_NAME_LENGTH = 100

export const SlideSchema = z.object({
  /** The media's stored file name without its extension. */
  id: z.string().min(1).max(MAX_NAME_LENGTH),
  /** Stored media file name: a random id plus the original extension. */
  filename: z
    .string()
    .max(MAX_NAME_LENGTH)
    .regex(/^[A-Za-z0-9_-]+\.(png|jpe?g|webp|gif|mp4)$/i, 'invalid file name'),
  duration: z.number().positive().max(MAX_SLIDE_SECONDS),
  effects: z.array(EffectSchema).max(MAX_EFFECTS_PER_SLIDE).default([]),
  /** What the voice says over this slide; absent or empty for a silent slide. */
  narration: z.string().max(MAX_NARRATION_CHARS).optional(),
  /** How the picture meets a frame of another shape; absent: cover, as before framing existed. */
  framing: FramingSchema.optional(),
  /**
   * How this slide turns into the next (transition.ts); absent: a cut, the slides fading by their
   * own fade effects, as before transitions existed. The composer writes it on every slide.
   */
  transition: TransitionSchema.optional(),
  /**
   * What the analysis found in the picture and where (percent of the picture), copied from its
   * description by the composer: the narration's captions, placed 'auto', keep clear of them
   * through the slide's camera. Absent: nothing found, or a slide made before the detector.
   */
  subjects: z.array(SubjectSchema).max(MAX_SLIDE_SUBJECTS).optional(),
})
export type Slide = z.infer<typeof SlideSchema>
