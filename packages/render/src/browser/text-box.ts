import { EFFECT_DEFAULTS, type AnimatedTextParams } from '@storyreel/core'
import { textBox, textState } from '../engine/effects/animated-text'
import { layoutText } from '../engine/text-layout'
import type { FrameInfo } from '../engine/types'

/** Where a text effect's box lies on the frame, frame pixels. */
export interface TextBox {
  left: number
  top: number
  width: number
  height: number
  /** The centre the params ask for (before the box is kept inside the margins). */
  centreX: number
  centreY: number
}

/** Measures a string's advance width in a CSS font (`12px "Arial"`). */
export type MeasureText = (font: string, text: string) => number

/**
 * The box a text effect (animated_text or stream_text: they share their layout) fills at t on a
 * width x height frame: the rectangle drawText lays its lines in, for on-canvas handles. The
 * whole text counts, revealed or not, so the box does not grow as a streamed text appears.
 */
export function textBoxAt(
  params: Partial<AnimatedTextParams>,
  t: number,
  width: number,
  height: number,
  measure: MeasureText,
): TextBox {
  const p = { ...EFFECT_DEFAULTS.animated_text, ...params } as AnimatedTextParams
  const frame: FrameInfo = {
    width,
    height,
    duration: 0,
    mediaWidth: 0,
    mediaHeight: 0,
    framing: 'cover',
    seed: 0,
  }
  // Before textStart and after textEnd the box stays where the text starts and ends.
  const s = textState(Math.min(Math.max(t, p.textStart), p.textEnd), p, frame, false)
  const font = `${s.fontPx}px "${s.font}"`
  const lines = layoutText(s.text, s.boxWidth, (str) => measure(font, str))
  return { ...textBox(s, lines, frame), centreX: s.x, centreY: s.y }
}

/** measureText on a canvas of its own, for textBoxAt. */
export function canvasMeasure(): MeasureText {
  let ctx: CanvasRenderingContext2D | null = null
  return (font, text) => {
    ctx ??= document.createElement('canvas').getContext('2d')!
    if (ctx.font !== font) ctx.font = font
    return ctx.measureText(text).width
  }
}
