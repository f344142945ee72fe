import { z } from 'zod'
import { DEFAULT_FONT } from '../fonts'
import { ColorSchema } from './color'

export const ANIMATED_TEXT_DEFAULTS = {
  text: 'Sample Text',
  fontSize: 72,
  font: DEFAULT_FONT as string,
  color: { r: 255, g: 255, b: 255 },
  fadeInDuration: 0.3,
  fadeOutDuration: 0.2,
  startPositionX: 50,
  startPositionY: 50,
  endPositionX: 60,
  endPositionY: 40,
  textStart: 0.5,
  textEnd: 4,
  stream: true,
  stream_words: false,
  charsPerSecond: 8,
  border: { color: { r: 0, g: 0, b: 0 }, width: 1 },
  align: 'center' as const,
}

/** Text is kept this far (percent of the frame) from the left/right and top/bottom edges. */
export const TEXT_MARGIN = { x: 5, y: 7 } as const

/** The frame's short side at which fontSize and border width are given in pixels. */
export const FONT_REFERENCE_SHORT_SIDE = 1080

/**
 * Positions are percent of the frame and place the centre of the text box. fontSize and
 * border.width are pixels on a frame whose short side is 1080; width and height bound the box
 * in output pixels (absent: frame width inside the margins, height from the wrapped lines).
 * font is a stored font value; unknown values render in Arial.
 */
export const AnimatedTextParamsSchema = z.object({
  text: z.string().default(ANIMATED_TEXT_DEFAULTS.text),
  fontSize: z.number().positive().default(ANIMATED_TEXT_DEFAULTS.fontSize),
  scaledFontSize: z.number().positive().optional(),
  font: z.string().default(ANIMATED_TEXT_DEFAULTS.font),
  color: ColorSchema.default(() => ({ ...ANIMATED_TEXT_DEFAULTS.color })),
  fadeInDuration: z.number().min(0).default(ANIMATED_TEXT_DEFAULTS.fadeInDuration),
  fadeOutDuration: z.number().min(0).default(ANIMATED_TEXT_DEFAULTS.fadeOutDuration),
  startPositionX: z.number().default(ANIMATED_TEXT_DEFAULTS.startPositionX),
  startPositionY: z.number().default(ANIMATED_TEXT_DEFAULTS.startPositionY),
  endPositionX: z.number().default(ANIMATED_TEXT_DEFAULTS.endPositionX),
  endPositionY: z.number().default(ANIMATED_TEXT_DEFAULTS.endPositionY),
  textStart: z.number().min(0).default(ANIMATED_TEXT_DEFAULTS.textStart),
  textEnd: z.number().min(0).default(ANIMATED_TEXT_DEFAULTS.textEnd),
  stream: z.boolean().default(ANIMATED_TEXT_DEFAULTS.stream),
  stream_words: z.boolean().default(ANIMATED_TEXT_DEFAULTS.stream_words),
  charsPerSecond: z.number().positive().default(ANIMATED_TEXT_DEFAULTS.charsPerSecond),
  border: z
    .object({ color: ColorSchema, width: z.number().min(0) })
    // A function default: zod copies a plain default one level deep only, and the nested colour
    // would be shared by every parsed effect.
    .default(() => ({
      color: { ...ANIMATED_TEXT_DEFAULTS.border.color },
      width: ANIMATED_TEXT_DEFAULTS.border.width,
    })),
  width: z.number().min(50).optional(),
  height: z.number().min(30).optional(),
  align: z.enum(['left', 'center', 'right']).default(ANIMATED_TEXT_DEFAULTS.align),
})
export type AnimatedTextParams = z.infer<typeof AnimatedTextParamsSchema>

/** The pixel size of a fontSize on a frame of this size, so text looks alike at every ratio. */
export function scaledFontSize(fontSize: number, width: number, height: number): number {
  return (fontSize * Math.min(width, height)) / FONT_REFERENCE_SHORT_SIDE
}
