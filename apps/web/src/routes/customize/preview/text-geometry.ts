import { isTextEffect, type Slide, type TextEffect } from '@storyreel/core'
import {
  canvasMeasure,
  previewSlide,
  textBoxAt,
  type PreviewSize,
  type TextBox,
} from '@storyreel/render/browser'
import type { Size } from './text-edit'

const measure = canvasMeasure()

/** The text box at t on the preview frame, or null when the effect is not text. */
export function boxOf(
  slide: Slide,
  index: number,
  preview: PreviewSize,
  t: number,
): TextBox | null {
  const effect = previewSlide(slide, preview).effects[index]
  if (!isTextEffect(effect)) return null
  return textBoxAt(effect.params, t, preview.width, preview.height, measure)
}

/**
 * Whether the frame draws a text effect at t: within its times, and not left out because the
 * captions say its words (the box of a hidden one takes no clicks, and its frame is faint).
 */
export function drawnAt(
  effect: TextEffect,
  t: number,
  leftOut: (effect: TextEffect) => boolean,
): boolean {
  const { textStart = 0, textEnd = 0 } = effect.params
  return t >= textStart && t <= textEnd && !leftOut(effect)
}

/**
 * The text effect at (x, y) on the preview frame: the topmost one shown at t, or the selected one
 * shown or not. `leftOut` names texts the frame does not draw (the captions say them).
 */
export function textAt(
  slide: Slide,
  selectedEffectIndex: number | null,
  preview: PreviewSize,
  t: number,
  x: number,
  y: number,
  leftOut: (effect: TextEffect) => boolean = () => false,
): number | null {
  for (let i = slide.effects.length - 1; i >= 0; i--) {
    const effect = slide.effects[i]
    if (!isTextEffect(effect)) continue
    const shown = drawnAt(effect, t, leftOut)
    if (i !== selectedEffectIndex && !shown) continue
    const b = boxOf(slide, i, preview, t)
    if (b && x >= b.left && x <= b.left + b.width && y >= b.top && y <= b.top + b.height) {
      return i
    }
  }
  return null
}

/** The size of an effect's text box at t in movie pixels (the whole movie if it has none). */
export function boxSizeInMovie(
  slide: Slide,
  index: number,
  preview: PreviewSize,
  t: number,
  movie: Size,
): Size {
  const b = boxOf(slide, index, preview, t)
  return b
    ? { width: b.width / preview.scaleX, height: b.height / preview.scaleY }
    : { width: movie.width, height: movie.height }
}
