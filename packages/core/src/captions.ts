import { z } from 'zod'
import { ColorSchema } from './effects/color'
import { DEFAULT_FONT, FONTS } from './fonts'

/**
 * Auto: at the bottom, as in film, unless the words would hide the slide's subjects there (its
 * `subjects`, as its camera shows them); then at the top, else in the middle, wherever they
 * cover least. Without subjects it is the bottom.
 */
export const CAPTION_POSITIONS = ['auto', 'top', 'middle', 'bottom'] as const
export type CaptionPosition = (typeof CAPTION_POSITIONS)[number]

/** Outline: white words with a dark edge; box: words on a dark, rounded band. */
export const CAPTION_BACKGROUNDS = ['outline', 'box'] as const
export type CaptionBackground = (typeof CAPTION_BACKGROUNDS)[number]

/** Caption text height as a percent of the frame's shorter side. */
export const CAPTION_SIZE_RANGE = { min: 3, max: 10, step: 0.5 } as const

const fontValues = FONTS.map((f) => f.value) as [string, ...string[]]

/**
 * Word-by-word captions of the narration, burned into the video by drawFrame (so the editor's
 * preview shows them too): the word being spoken is drawn in the highlight colour.
 */
export const CaptionsSchema = z.object({
  enabled: z.boolean().default(false),
  font: z.enum(fontValues).default(DEFAULT_FONT),
  size: z.number().min(CAPTION_SIZE_RANGE.min).max(CAPTION_SIZE_RANGE.max).default(5),
  color: ColorSchema.default({ r: 255, g: 255, b: 255 }),
  highlight: ColorSchema.default({ r: 255, g: 205, b: 40 }),
  background: z.enum(CAPTION_BACKGROUNDS).default('box'),
  position: z.enum(CAPTION_POSITIONS).default('auto'),
})
export type Captions = z.infer<typeof CaptionsSchema>

export const DEFAULT_CAPTIONS: Captions = CaptionsSchema.parse({})
