import { CompositionSchema, type Composition } from '@storyreel/core'
import {
  drawFrame,
  estimatedCaptions,
  momentAt,
  momentScene,
  type Scene,
  type Shot,
} from '../engine'
import { loadSlideMedia, makeLayer, type SlideMedia } from './media'
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
 * One frame of a slide as a JPEG, through the same drawFrame as the render (during a transition,
 * the other slide too, at its own time), with captions timed as the editor's preview times them
 * before the narration is synthesised.
 */
export async function renderFrame(opts: RenderFrameOptions): Promise<Buffer> {
  const composition = CompositionSchema.parse(opts.composition)
  const slides = composition.composition
  const slide = slides[opts.slideIndex]
  if (!slide) throw new RangeError(`no slide ${opts.slideIndex}`)
  const { width, height } = composition.movieParams
  const moment = momentAt(slides, opts.slideIndex, Math.min(Math.max(0, opts.t), slide.duration))
  const loaded: SlideMedia[] = []
  try {
    const sceneOf = async ({ slideIndex, t }: Shot): Promise<Scene> => {
      const shown = slides[slideIndex]!
      const media = await loadSlideMedia(opts.resolveMedia(shown.filename), shown, width, height, {
        from: t,
        tools: opts.tools,
      })
      loaded.push(media)
      await media.seek(0)
      const captions = estimatedCaptions(composition.movieParams, shown)
      return { width, height, slide: shown, media: media.media, captions }
    }
    const from = await sceneOf(moment.from)
    const to = moment.transition && (await sceneOf(moment.transition.to))
    const { canvas, ctx } = createSurface(width, height)
    drawFrame(ctx, momentScene(moment, from, to, makeLayer), moment.from.t)
    return await canvas.encode('jpeg', opts.quality ?? FRAME_JPEG_QUALITY)
  } finally {
    for (const media of loaded) media.close()
  }
}
