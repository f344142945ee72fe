import type { Effect, Slide } from '@storyreel/core'
import { effectModule } from '../engine/effects'
import type { PreviewScale } from '../engine/types'

/** The preview's long side in canvas pixels: a 1080x1920 movie previews at 540x960. */
export const PREVIEW_LONG_SIDE = 960

/** The preview's canvas size, and preview pixels per movie pixel (equal but for rounding). */
export interface PreviewSize extends PreviewScale {
  width: number
  height: number
}

/**
 * The movie scaled so that its long side is `longSide` (never up): the size the preview draws
 * at. Every size the engine takes "at 1080" (fonts, borders, blur, displacement) follows the
 * frame, so the frame looks the same at any size but for the few params previewSlide scales.
 */
export function previewSize(
  movieWidth: number,
  movieHeight: number,
  longSide = PREVIEW_LONG_SIDE,
): PreviewSize {
  const f = Math.min(1, longSide / Math.max(movieWidth, movieHeight))
  const width = Math.max(1, Math.round(movieWidth * f))
  const height = Math.max(1, Math.round(movieHeight * f))
  return { width, height, scaleX: width / movieWidth, scaleY: height / movieHeight }
}

/**
 * The effect as the preview must draw it to look like the video seen at the preview's size: its
 * module's previewParams scale the params it takes per movie pixel (text boxes, grain).
 * Everything else is given "at 1080" or in percent and follows the frame already.
 */
function scaleEffect(effect: Effect, size: PreviewSize): Effect {
  const params = effectModule(effect.name).previewParams?.(effect.params, size) ?? effect.params
  return params === effect.params ? effect : ({ ...effect, params } as Effect)
}

const scaled = new WeakMap<Slide, { key: string; slide: Slide }>()

/**
 * The slide as drawn on a frame `size` of the movie (scaleEffect). The same slide object while
 * nothing changed, so text layouts stay cached and nothing is allocated per frame.
 */
export function previewSlide(slide: Slide, size: PreviewSize): Slide {
  if (size.scaleX === 1 && size.scaleY === 1) return slide
  const key = `${size.scaleX} ${size.scaleY}`
  const hit = scaled.get(slide)
  if (hit?.key === key) return hit.slide
  const effects = slide.effects.map((e) => scaleEffect(e, size))
  const out = effects.every((e, i) => e === slide.effects[i]) ? slide : { ...slide, effects }
  scaled.set(slide, { key, slide: out })
  return out
}
