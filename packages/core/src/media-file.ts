import { z } from 'zod'
import { SubjectSchema } from './subjects'

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

const percent = z.number().min(0).max(100)

/**
 * A calm, detail-free area of the picture where text stays readable, percent of its width and
 * height from the top-left corner; `luma` is its mean brightness, 0 to 1, when it was measured.
 */
export const CalmRegionSchema = z.object({
  x: percent,
  y: percent,
  width: percent,
  height: percent,
  luma: z.number().min(0).max(1).optional(),
})
export type CalmRegion = z.infer<typeof CalmRegionSchema>

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
  /**
   * The share of the picture each everyday colour name covers ('orange', 'grey'...), most
   * common first, 1 % or more; absent from descriptions made before it was measured.
   */
  colourShares: z
    .array(z.object({ name: z.string().max(20), share: z.number().min(0).max(1) }))
    .max(16)
    .optional(),
  /** Mean luma, 0 (black) to 1 (white). */
  brightness: z.number().min(0).max(1),
  /** Edge energy, 0 (flat) to 1 (very detailed). */
  sharpness: z.number().min(0).max(1),
  /** Where the detail is, percent of width and height: the zoom closes in on it. */
  focus: z.object({ x: z.number().min(0).max(100), y: z.number().min(0).max(100) }),
  /** A short sentence about the file, for the composer and the narration. */
  summary: z.string(),
  /**
   * What the picture shows, in a few words: a vision model's (AI describe), or the offline
   * detector's subjects said as a person would ("two boats", subjectWords).
   */
  subject: z.string().max(200).optional(),
  /**
   * The things the offline detector found, most confident first; absent when it did not look
   * (a clip, a description made before it) or found nothing.
   */
  subjects: z.array(SubjectSchema).max(20).optional(),
  /** Its mood in a word or two, e.g. 'calm', 'festive'; a vision model's (AI describe only). */
  mood: z.string().max(100).optional(),
  /** Where a caption can sit without covering the subject: see CalmRegionSchema. */
  calmRegion: CalmRegionSchema.optional(),
  mediaFile: MediaFileSchema.optional(),
})
export type ImageDescription = z.infer<typeof ImageDescriptionSchema>
