import { z } from 'zod'
import { EffectSchema } from './effects'

/** Longest slide we accept; the product makes short videos. */
export const MAX_SLIDE_SECONDS = 60

export const SlideSchema = z.object({
  /** The media's stored file name without its extension. */
  id: z.string().min(1),
  /** Stored media file name: a random id plus the original extension. */
  filename: z.string().regex(/^[A-Za-z0-9_-]+\.(png|jpe?g|webp|gif|mp4)$/i, 'invalid file name'),
  duration: z.number().positive().max(MAX_SLIDE_SECONDS),
  effects: z.array(EffectSchema).default([]),
})
export type Slide = z.infer<typeof SlideSchema>
