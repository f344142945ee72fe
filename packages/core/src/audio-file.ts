import { z } from 'zod'
import { AudioNameSchema } from './music'

/**
 * One of the user's own audio files (issue 34): kept in their library beside pictures and clips,
 * counted in the same quota, but listed apart, since only the Music panel offers it.
 */
export const AudioFileSchema = z.object({
  /** Stored name: a random id and the extension of its real type (AudioNameSchema). */
  name: AudioNameSchema,
  /** The name it had on the user's device, shown in the Music panel. */
  originalName: z.string(),
  /** URL the app plays it from (its owner only). */
  path: z.string(),
  size: z.number().int().nonnegative(),
  /** Seconds, as ffprobe measured it when it was uploaded. */
  duration: z.number().nonnegative(),
  /**
   * Its integrated loudness, LUFS, measured as the mix hears it when it was uploaded: the
   * preview and the render bring it to the narration's level by it. Null when unknown (silent,
   * or kept before it was measured): the render then measures it, and the preview plays it as it is.
   */
  loudness: z.number().nullable(),
  lastModified: z.string(),
})
export type AudioFile = z.infer<typeof AudioFileSchema>

/** What a stored upload is: a picture or clip (slides) or audio (the music bed). */
export type LibraryKind = 'image' | 'video' | 'audio'
