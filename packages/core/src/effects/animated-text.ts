import { z } from 'zod'
import { DEFAULT_FONT } from '../fonts'
import { MAX_MOVIE_SIDE, MAX_SLIDE_SECONDS, TEXT_BOX_MIN } from '../limits'
import { ColorSchema } from './color'
import { DEFAULT_SLIDER, defineEffect, numberIn, type SliderRange } from './descriptor'
import { FADE_SLIDER } from './fade'

/** Exported by name as well: the composer builds its titles on these. */
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

/** Longest text of one effect: a title or a few sentences of caption, not a page. */
export const MAX_TEXT_LENGTH = 500
/** Longest stored font value; the font table's are a few words ('Comic-Sans-MS'). */
const MAX_FONT_LENGTH = 64

/** SPEC section 5: the font size slider. */
const FONT_SIZE: SliderRange = { min: 10, max: 150, step: 1 }
/**
 * The outline's width, pixels at 1080 like fontSize. The spec gives it no slider; 20 is already a
 * heavy outline around the largest letters (the default is 1, the composer uses 2).
 */
export const BORDER_WIDTH: SliderRange = { min: 0, max: 20, step: 1 }
const START_POSITION: SliderRange = { min: -100, max: 200, step: 10 }
const END_POSITION: SliderRange = { min: -50, max: 200, step: 1 }
/** Text timings are seconds from the slide's start. */
const TEXT_TIME: SliderRange = { min: 0, max: MAX_SLIDE_SECONDS, step: 0.1 }
const CHARS_PER_SECOND: SliderRange = { min: 1, max: DEFAULT_SLIDER.max, step: 1 }
/** A text box may be as large as the largest movie; the composition keeps it inside its own. */
const BOX_WIDTH: SliderRange = { min: TEXT_BOX_MIN.width, max: MAX_MOVIE_SIDE, step: 1 }
const BOX_HEIGHT: SliderRange = { min: TEXT_BOX_MIN.height, max: MAX_MOVIE_SIDE, step: 1 }

/**
 * The costliest text within the bounds: the longest text wrapped over the whole frame at a small
 * size, outlined at the widest border, streamed a character at a time over the longest slide.
 */
const LONGEST_TEXT = {
  text: 'Lorem ipsum dolor sit amet, consectetur adipiscing elit. '
    .repeat(9)
    .slice(0, MAX_TEXT_LENGTH),
  fontSize: 40,
  border: { color: { r: 0, g: 0, b: 0 }, width: BORDER_WIDTH.max },
  textStart: 0,
  textEnd: MAX_SLIDE_SECONDS,
  charsPerSecond: CHARS_PER_SECOND.max,
  stream: true,
}

/**
 * Positions are percent of the frame and place the centre of the text box. fontSize and
 * border.width are pixels on a frame whose short side is 1080; width and height bound the box
 * in output pixels (absent: frame width inside the margins, height from the wrapped lines).
 * font is a stored font value; unknown values render in Arial.
 */
export const AnimatedTextParamsSchema = z.object({
  text: z.string().max(MAX_TEXT_LENGTH).default(ANIMATED_TEXT_DEFAULTS.text),
  fontSize: numberIn(FONT_SIZE).default(ANIMATED_TEXT_DEFAULTS.fontSize),
  scaledFontSize: z
    .number()
    .positive()
    .max(scaledFontSize(FONT_SIZE.max, MAX_MOVIE_SIDE, MAX_MOVIE_SIDE))
    .optional(),
  font: z.string().max(MAX_FONT_LENGTH).default(ANIMATED_TEXT_DEFAULTS.font),
  color: ColorSchema.default(() => ({ ...ANIMATED_TEXT_DEFAULTS.color })),
  fadeInDuration: numberIn(FADE_SLIDER).default(ANIMATED_TEXT_DEFAULTS.fadeInDuration),
  fadeOutDuration: numberIn(FADE_SLIDER).default(ANIMATED_TEXT_DEFAULTS.fadeOutDuration),
  startPositionX: numberIn(START_POSITION).default(ANIMATED_TEXT_DEFAULTS.startPositionX),
  startPositionY: numberIn(START_POSITION).default(ANIMATED_TEXT_DEFAULTS.startPositionY),
  endPositionX: numberIn(END_POSITION).default(ANIMATED_TEXT_DEFAULTS.endPositionX),
  endPositionY: numberIn(END_POSITION).default(ANIMATED_TEXT_DEFAULTS.endPositionY),
  textStart: numberIn(TEXT_TIME).default(ANIMATED_TEXT_DEFAULTS.textStart),
  textEnd: numberIn(TEXT_TIME).default(ANIMATED_TEXT_DEFAULTS.textEnd),
  stream: z.boolean().default(ANIMATED_TEXT_DEFAULTS.stream),
  stream_words: z.boolean().default(ANIMATED_TEXT_DEFAULTS.stream_words),
  charsPerSecond: numberIn(CHARS_PER_SECOND).default(ANIMATED_TEXT_DEFAULTS.charsPerSecond),
  border: z
    .object({ color: ColorSchema, width: numberIn(BORDER_WIDTH) })
    // A function default: zod copies a plain default one level deep only, and the nested colour
    // would be shared by every parsed effect.
    .default(() => ({
      color: { ...ANIMATED_TEXT_DEFAULTS.border.color },
      width: ANIMATED_TEXT_DEFAULTS.border.width,
    })),
  width: numberIn(BOX_WIDTH).optional(),
  height: numberIn(BOX_HEIGHT).optional(),
  align: z.enum(['left', 'center', 'right']).default(ANIMATED_TEXT_DEFAULTS.align),
})
export type AnimatedTextParams = z.infer<typeof AnimatedTextParamsSchema>

/** Once the text has faded in. */
function textShownAfter(params: AnimatedTextParams): number {
  return (params.textStart ?? 0) + (params.fadeInDuration ?? 0)
}

export const animatedTextEffect = defineEffect({
  name: 'animated_text',
  label: 'Text',
  icon: 'type',
  params: AnimatedTextParamsSchema,
  defaults: ANIMATED_TEXT_DEFAULTS,
  sliders: {
    fontSize: FONT_SIZE,
    fadeInDuration: FADE_SLIDER,
    fadeOutDuration: FADE_SLIDER,
    startPositionX: START_POSITION,
    startPositionY: START_POSITION,
    endPositionX: END_POSITION,
    endPositionY: END_POSITION,
    textStart: TEXT_TIME,
    textEnd: TEXT_TIME,
    charsPerSecond: CHARS_PER_SECOND,
    width: BOX_WIDTH,
    height: BOX_HEIGHT,
  },
  // scaledFontSize is worked out from fontSize for the frame.
  hidden: ['scaledFontSize'],
  // SPEC section 5: the streaming controls are disabled unless streaming is on.
  enabledBy: { charsPerSecond: 'stream', stream_words: 'stream' },
  controls: { font: 'font' },
  // Measured at about nothing beside the frame's pixels, even with the longest text.
  renderCost: { weight: 0.1, costliest: LONGEST_TEXT },
  shownAfter: textShownAfter,
})

/** The pixel size of a fontSize on a frame of this size, so text looks alike at every ratio. */
export function scaledFontSize(fontSize: number, width: number, height: number): number {
  return (fontSize * Math.min(width, height)) / FONT_REFERENCE_SHORT_SIDE
}
