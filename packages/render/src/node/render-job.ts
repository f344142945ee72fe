import type { FrameRange, MovieParams, RenderedComposition, RenderedSlide } from '@storyreel/core'
import type { ChildProcess } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { drawFrame, FPS, slideFrameCounts, type SceneCaptions } from '../engine'
import { clipSounds, probeClips } from './clip-sounds'
import { codesGrain, startEncoder } from './encoder'
import { loadSlideMedia, type SlideMedia } from './media'
import type { MediaTools } from './run-tool'
import { createSurface } from './surface'

/** A render, as handed to the render thread: plain data only. */
export interface RenderThreadInput {
  composition: RenderedComposition
  /** Absolute path of each slide's media, in slide order. */
  mediaPaths: string[]
  outFile: string
  thumbnailFile: string
  narration: string | null
  tools: MediaTools
  /**
   * Only these frames, video only, as one segment of a split render (decision 016); the
   * thumbnail is written only when its frame lies in the range.
   */
  range?: FrameRange
}

export interface RenderHooks {
  onProgress(percent: number): void
  /** The thumbnail file is written, whole, long before the video ends. */
  onThumbnail(): void
  onSpawn(child: ChildProcess): void
}

export const THUMBNAIL_QUALITY = 85

function captionsOf(movie: MovieParams, slide: RenderedSlide): SceneCaptions | undefined {
  const style = movie.captions
  const words = slide.spokenWords
  return style?.enabled && words?.length ? { style, words } : undefined
}

/**
 * Draws every frame with drawFrame and pipes it to one ffmpeg. The next slide's media loads
 * while the current one draws; only two are in memory at a time.
 */
export async function renderJob(
  job: RenderThreadInput,
  hooks: RenderHooks,
): Promise<{ durationSeconds: number; frames: number }> {
  const { width, height } = job.composition.movieParams
  const slides = job.composition.composition
  const counts = slideFrameCounts(slides.map((s) => s.duration))
  const frames = counts.reduce((a, b) => a + b, 0)
  const infos = await probeClips(job.composition, job.mediaPaths, job.tools, {
    onSpawn: hooks.onSpawn,
  })
  const range = job.range ?? { start: 0, end: frames }
  const total = range.end - range.start
  const encoder = startEncoder({
    width,
    height,
    frames: total,
    outFile: job.outFile,
    narration: job.narration,
    clips: clipSounds(job.mediaPaths, infos, counts),
    ffmpeg: job.tools.ffmpeg,
    onSpawn: hooks.onSpawn,
    segment: job.range !== undefined,
    grain: codesGrain(slides),
  })
  // Each slide in the range, from its first frame there to its last.
  const drawn: { k: number; first: number; end: number }[] = []
  let slideStart = 0
  for (const [k, count] of counts.entries()) {
    const first = Math.max(0, range.start - slideStart)
    const end = Math.min(count, range.end - slideStart)
    if (end > first) drawn.push({ k, first, end })
    slideStart += count
  }
  const { canvas, ctx } = createSurface(width, height)
  const load = ({ k, first }: { k: number; first: number }) =>
    loadSlideMedia(job.mediaPaths[k]!, slides[k]!, width, height, {
      info: infos[k],
      tools: job.tools,
      onSpawn: hooks.onSpawn,
      from: first / FPS,
    })
  // The thumbnail is the middle of the first slide: past any fade-in, text usually shown.
  const thumbnailFrame = Math.floor(counts[0]! / 2)
  let current: SlideMedia | null = null
  let pending: Promise<SlideMedia> | null = load(drawn[0]!)
  try {
    let done = 0
    let reported = -1
    for (const [n, { k, first, end }] of drawn.entries()) {
      const slide = slides[k]!
      current = await pending!
      pending = n + 1 < drawn.length ? load(drawn[n + 1]!) : null
      // Awaited on the next slide; until then a failure must not count as unhandled.
      pending?.catch(() => {})
      const scene = {
        width,
        height,
        slide,
        media: current.media,
        captions: captionsOf(job.composition.movieParams, slide),
      }
      for (let i = first; i < end; i++) {
        await current.seek(i - first)
        drawFrame(ctx, scene, i / FPS)
        const pixels = canvas.data()
        if (range.start + done === thumbnailFrame) {
          await writeFile(job.thumbnailFile, await canvas.encode('jpeg', THUMBNAIL_QUALITY))
          hooks.onThumbnail()
        }
        await encoder.write(pixels)
        done++
        const percent = Math.min(99, Math.floor((done * 100) / total))
        if (percent !== reported) hooks.onProgress((reported = percent))
      }
      current.close()
      current = null
    }
    await encoder.finish()
    hooks.onProgress(100)
    return { durationSeconds: frames / FPS, frames }
  } catch (e) {
    encoder.kill()
    current?.close()
    pending?.then((m) => m.close()).catch(() => {})
    throw e
  }
}
