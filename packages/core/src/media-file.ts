import { z } from 'zod'

export const MediaKindSchema = z.enum(['image', 'video'])
export type MediaKind = z.infer<typeof MediaKindSchema>

export const MediaFileSchema = z.object({
  /** Stored name: a random id plus the original extension. */
  name: z.string(),
  /** URL the app loads the file from. */
  path: z.string(),
  type: MediaKindSchema,
  compressedUrl: z.string().nullable(),
  isExternalProvider: z.boolean(),
  videoPath: z.string().nullable(),
  lastModified: z.string(),
  /**
   * Stock items only: who made it and where it comes from. Unsplash's and Pexels' guidelines ask
   * apps to credit the photographer and link to the photo's page.
   */
  author: z.string().optional(),
  authorUrl: z.string().optional(),
  sourceUrl: z.string().optional(),
})
export type MediaFile = z.infer<typeof MediaFileSchema>

/** What the analysis found in one file (the spec leaves the shape open). */
export const ImageDescriptionSchema = z.object({
  filename: z.string(),
  kind: MediaKindSchema,
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  orientation: z.enum(['landscape', 'portrait', 'square']),
  /** Seconds, for videos. */
  duration: z.number().positive().nullable(),
  /** Up to five colours, most common first, as #rrggbb. */
  dominantColors: z.array(z.string()),
  /** Mean luma, 0 (black) to 1 (white). */
  brightness: z.number().min(0).max(1),
  /** Edge energy, 0 (flat) to 1 (very detailed). */
  sharpness: z.number().min(0).max(1),
  /** Where the detail is, percent of width and height: the zoom closes in on it. */
  focus: z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) }),
  /** A short sentence about the file, for the composer and the narration. */
  summary: z.string(),
  mediaFile: MediaFileSchema.optional(),
})
export type ImageDescription = z.infer<typeof ImageDescriptionSchema>
