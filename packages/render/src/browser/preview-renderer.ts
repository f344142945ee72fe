import type { Composition, Slide } from '@storyreel/core'
import { drawFrame } from '../engine/draw-frame'
import { effectModule } from '../engine/effects'
import type { Ctx, Media, SceneCaptions, Stage } from '../engine/types'
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
  /** The slide's captions, drawn as the video draws them (before synthesis, estimated words). */
  captions?: SceneCaptions
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

function drawAt(
  canvas: HTMLCanvasElement,
  size: PreviewSize,
  slide: Slide,
  media: Media | null,
  t: number,
  captions: SceneCaptions | undefined,
): void {
  sizeCanvas(canvas, size)
  drawFrame(
    context(canvas),
    { width: size.width, height: size.height, slide: previewSlide(slide, size), media, captions },
    t,
  )
}

/**
 * Draws slide `slideIndex` of the composition at t seconds into `canvas`, which it sizes to the
 * preview (the movie with its long side at `longSide`): the render's own drawFrame, with text
 * boxes scaled to the preview, and the captions given (their sizes follow the frame). A draft
 * of a blur or distort slide draws at DRAFT_SCALE, and a distort slide on a canvas kept in
 * memory, then copied. Returns the size drawn at.
 */
export function drawPreviewFrame(
  canvas: HTMLCanvasElement,
  composition: Composition,
  slideIndex: number,
  t: number,
  media: Media | null,
  options: PreviewFrameOptions = {},
): PreviewSize | null {
  const slide = composition.composition[slideIndex]
  if (!slide) return null
  const { width, height } = composition.movieParams
  const longSide = options.longSide ?? PREVIEW_LONG_SIDE
  const size = previewSize(width, height, longSide)
  const drawn =
    options.draft && hasCostlyEffect(slide)
      ? previewSize(width, height, Math.round(longSide * DRAFT_SCALE))
      : size
  if (drawn === size && !hasStage(slide, ['pixels'])) {
    drawAt(canvas, size, slide, media, t, options.captions)
    return size
  }
  const other = offscreen(canvas)
  drawAt(other, drawn, slide, media, t, options.captions)
  copy(canvas, size, other)
  return drawn
}
