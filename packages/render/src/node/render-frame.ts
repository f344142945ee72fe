import { CompositionSchema, type Composition } from '@storyreel/core'
import { drawFrame, estimatedCaptions } from '../engine'
import { loadSlideMedia } from './media'
import type { MediaTools } from './run-tool'
import { createSurface } from './surface'

/** The frame's JPEG quality unless told otherwise. */
export const FRAME_JPEG_QUALITY = 90

export interface RenderFrameOptions {
  composition: Composition
  slideIndex: number
  /** Seconds from the slide's start. */
  t: number
  resolveMedia: (filename: string) => string
  /** JPEG quality, 0..100. */
  quality?: number
  tools?: MediaTools
}

/**
 * One frame of a slide as a JPEG, through the same drawFrame as the render, with captions timed
 * as the editor's preview times them before the narration is synthesised.
 */
export async function renderFrame(opts: RenderFrameOptions): Promise<Buffer> {
  const composition = CompositionSchema.parse(opts.composition)
  const slide = composition.composition[opts.slideIndex]
  if (!slide) throw new RangeError(`no slide ${opts.slideIndex}`)
  const { width, height } = composition.movieParams
  const t = Math.min(Math.max(0, opts.t), slide.duration)
  const media = await loadSlideMedia(opts.resolveMedia(slide.filename), slide, width, height, {
    from: t,
    tools: opts.tools,
  })
  try {
    await media.seek(0)
    const { canvas, ctx } = createSurface(width, height)
    const captions = estimatedCaptions(composition.movieParams, slide)
    drawFrame(ctx, { width, height, slide, media: media.media, captions }, t)
    return await canvas.encode('jpeg', opts.quality ?? FRAME_JPEG_QUALITY)
  } finally {
    media.close()
  }
}
