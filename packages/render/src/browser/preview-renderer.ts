import type { Composition, Slide } from '@storyreel/core'
import { drawFrame } from '../engine/draw-frame'
import { effectModule } from '../engine/effects'
import { momentAt, momentScene, shotsOf, type Moment, type Shot } from '../engine/moment'
import type { Ctx, Media, Scene, SceneCaptions, Stage } from '../engine/types'
import { makeLayer } from './make-layer'
import { previewSize, previewSlide, PREVIEW_LONG_SIDE, type PreviewSize } from './preview-size'

/** While playing, a slide with a costly effect draws at this fraction of the preview's size. */
export const DRAFT_SCALE = 0.5

function hasStage(slide: Slide, stages: readonly Stage[]): boolean {
  return slide.effects.some((e) => stages.includes(effectModule(e.name).stage))
}

/**
 * Whether the slide has an effect that costs too much per pixel to draw every frame at full
 * preview size: a filter (blur) or a pass over the pixels (distort).
 */
export function hasCostlyEffect(slide: Slide): boolean {
  return hasStage(slide, ['filter', 'pixels'])
}

export interface PreviewFrameOptions {
  /** Playing: a slide with blur or distort may draw at DRAFT_SCALE and be scaled up. */
  draft?: boolean
  /** The preview's long side, canvas pixels (PREVIEW_LONG_SIDE). */
  longSide?: number
  /** Each slide's captions, drawn as the video draws them (before synthesis, estimated words). */
  captions?: (slide: Slide) => SceneCaptions | undefined
}

/**
 * A canvas of its own per preview canvas, for frames drawn apart and then copied: drafts, and
 * slides whose effects read the pixels back (distort), which want a canvas kept in memory
 * (willReadFrequently) where the shown one may live on the GPU.
 */
const offscreens = new WeakMap<HTMLCanvasElement, HTMLCanvasElement>()

function offscreen(canvas: HTMLCanvasElement): HTMLCanvasElement {
  let other = offscreens.get(canvas)
  if (!other) {
    other = document.createElement('canvas')
    other.getContext('2d', { willReadFrequently: true })
    offscreens.set(canvas, other)
  }
  return other
}

function context(canvas: HTMLCanvasElement): Ctx {
  return canvas.getContext('2d') as Ctx
}

/** Copies `from` over the whole of `canvas`, sized to `size`. */
function copy(canvas: HTMLCanvasElement, size: PreviewSize, from: HTMLCanvasElement): void {
  sizeCanvas(canvas, size)
  const ctx = context(canvas)
  ctx.imageSmoothingEnabled = true
  ctx.imageSmoothingQuality = 'low'
  ctx.drawImage(from, 0, 0, size.width, size.height)
}

function sizeCanvas(canvas: HTMLCanvasElement, size: PreviewSize): void {
  if (canvas.width !== size.width) canvas.width = size.width
  if (canvas.height !== size.height) canvas.height = size.height
}

/** The moment drawn on `canvas` at `size`: a slide, or two in a transition. */
function drawAt(
  canvas: HTMLCanvasElement,
  size: PreviewSize,
  slides: readonly Slide[],
  moment: Moment,
  media: (slideIndex: number) => Media | null,
  captions: PreviewFrameOptions['captions'],
): void {
  sizeCanvas(canvas, size)
  const scene = ({ slideIndex }: Shot): Scene => {
    const slide = slides[slideIndex]!
    return {
      width: size.width,
      height: size.height,
      slide: previewSlide(slide, size),
      media: media(slideIndex),
      captions: captions?.(slide),
    }
  }
  const to = moment.transition && scene(moment.transition.to)
  drawFrame(context(canvas), momentScene(moment, scene(moment.from), to, makeLayer), moment.from.t)
}

/**
 * Draws the video at t seconds into slide `slideIndex` of the composition into `canvas`, which
 * it sizes to the preview (the movie with its long side at `longSide`): the render's own
 * drawFrame, during a transition with the other slide too (`media` gives each slide's, null
 * while it loads), with text boxes scaled to the preview, and the captions given (their sizes
 * follow the frame). A draft of a blur or distort slide draws at DRAFT_SCALE, and a distort
 * slide on a canvas kept in memory, then copied. Returns the size drawn at.
 */
export function drawPreviewFrame(
  canvas: HTMLCanvasElement,
  composition: Composition,
  slideIndex: number,
  t: number,
  media: (slideIndex: number) => Media | null,
  options: PreviewFrameOptions = {},
): PreviewSize | null {
  const slides = composition.composition
  if (!slides[slideIndex]) return null
  const moment = momentAt(slides, slideIndex, t)
  const drawn = shotsOf(moment).map((shot) => slides[shot.slideIndex]!)
  const { width, height } = composition.movieParams
  const longSide = options.longSide ?? PREVIEW_LONG_SIDE
  const size = previewSize(width, height, longSide)
  const at =
    options.draft && drawn.some(hasCostlyEffect)
      ? previewSize(width, height, Math.round(longSide * DRAFT_SCALE))
      : size
  if (at === size && !drawn.some((slide) => hasStage(slide, ['pixels']))) {
    drawAt(canvas, size, slides, moment, media, options.captions)
    return size
  }
  const other = offscreen(canvas)
  drawAt(other, at, slides, moment, media, options.captions)
  copy(canvas, size, other)
  return at
}
