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

/** A text's words lower-cased, each with its letters and digits only: how texts are compared. */
function plainWords(text: string): string[] {
  return text
    .toLocaleLowerCase()
    .split(/\s+/)
    .map((word) => word.replace(/[^\p{L}\p{N}]/gu, ''))
    .filter((word) => word.length > 0)
}

/** Fewer words than this (unless the whole narration) are a coincidence, not a repetition. */
const REPEATED_WORDS_MIN = 3

/**
 * Whether captions, when on, stand in for an on-screen text: the text says the first words of
 * its slide's narration (the composer's title and captions are its sentence, cut short with
 * "…"), so with captions on the same words would show twice, once in each. drawFrame leaves such
 * a text out while captions show; the editor says so in the text's panel.
 */
export function captionsReplaceText(text: string, narration: string | undefined): boolean {
  const cut = /…\s*$/.test(text)
  const shown = plainWords(text)
  const said = plainWords(narration ?? '')
  if (shown.length === 0 || shown.length > said.length) return false
  if (shown.length < Math.min(REPEATED_WORDS_MIN, said.length)) return false
  return shown.every((word, i) =>
    cut && i === shown.length - 1 ? said[i]!.startsWith(word) : word === said[i],
  )
}
