import type { Effect, Slide } from '@storyreel/core'

/** The preview's long side in canvas pixels: a 1080x1920 movie previews at 540x960. */
export const PREVIEW_LONG_SIDE = 960

export interface PreviewSize {
  width: number
  height: number
  /** Preview pixels per movie pixel, across and down (equal but for rounding). */
  scaleX: number
  scaleY: number
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

type TextEffect = Extract<Effect, { name: 'animated_text' | 'stream_text' }>

/**
 * Params the engine takes per movie pixel, as the preview must draw them to look like the
 * video seen at the preview's size:
 * - text boxes (width, height) are movie pixels: scaled by the preview's scale;
 * - distort's grain is random per pixel, and a preview pixel shows the average of 1/(sx*sy)
 *   video pixels, whose grain partly cancels: its amplitude scales by sqrt(sx*sy).
 * Everything else is given "at 1080" or in percent and follows the frame already.
 */
function scaleEffect(effect: Effect, size: PreviewSize): Effect {
  switch (effect.name) {
    case 'animated_text':
    case 'stream_text': {
      const { width, height } = effect.params
      if (width === undefined && height === undefined) return effect
      return {
        ...effect,
        params: {
          ...effect.params,
          width: width === undefined ? undefined : width * size.scaleX,
          height: height === undefined ? undefined : height * size.scaleY,
        },
      } as TextEffect
    }
    case 'distort': {
      const { noiseAmount } = effect.params
      if (!noiseAmount) return effect
      const grain = noiseAmount * Math.sqrt(size.scaleX * size.scaleY)
      return { ...effect, params: { ...effect.params, noiseAmount: grain } }
    }
    default:
      return effect
  }
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
