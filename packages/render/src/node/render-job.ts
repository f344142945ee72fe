import type { Composition, WordTiming } from '@storyreel/core'
import type { ChildProcess } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import { drawFrame, FPS, slideFrameCounts, type SceneCaptions } from '../engine'
import type { ClipAudio } from './audio-mix'
import { startEncoder } from './encoder'
import { isVideo, loadSlideMedia, type SlideMedia } from './media'
import { probeMedia, type MediaInfo } from './probe'
import type { MediaTools } from './run-tool'
import { createSurface } from './surface'

/** A render, as handed to the render thread: plain data only. */
export interface RenderThreadInput {
  composition: Composition
  /** Absolute path of each slide's media, in slide order. */
  mediaPaths: string[]
  outFile: string
  thumbnailFile: string
  narration: string | null
  /** Each slide's spoken words, in slide order (seconds from the slide's start), for captions. */
  words: WordTiming[][]
  tools: MediaTools
}

export interface RenderHooks {
  onProgress(percent: number): void
  /** The thumbnail file is written, whole, long before the video ends. */
  onThumbnail(): void
  onSpawn(child: ChildProcess): void
}

export const THUMBNAIL_QUALITY = 85

/** Each clip probed once: its sound goes into the soundtrack, its size and length to its decoder. */
async function probeClips(job: RenderThreadInput): Promise<(MediaInfo | undefined)[]> {
  const infos: (MediaInfo | undefined)[] = []
  for (const [k, slide] of job.composition.composition.entries()) {
    infos.push(
      isVideo(slide.filename) ? await probeMedia(job.mediaPaths[k]!, job.tools) : undefined,
    )
  }
  return infos
}

function clipAudio(
  job: RenderThreadInput,
  infos: (MediaInfo | undefined)[],
  counts: number[],
): ClipAudio[] {
  const clips: ClipAudio[] = []
  let start = 0
  for (const [k, info] of infos.entries()) {
    if (info?.hasAudio) {
      clips.push({ file: job.mediaPaths[k]!, offset: start / FPS, duration: counts[k]! / FPS })
    }
    start += counts[k]!
  }
  return clips
}

function captionsOf(job: RenderThreadInput, k: number): SceneCaptions | undefined {
  const style = job.composition.movieParams.captions
  const words = job.words[k]
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
  const infos = await probeClips(job)
  const encoder = startEncoder({
    width,
    height,
    frames,
    outFile: job.outFile,
    narration: job.narration,
    clips: clipAudio(job, infos, counts),
    ffmpeg: job.tools.ffmpeg,
    onSpawn: hooks.onSpawn,
  })
  const { canvas, ctx } = createSurface(width, height)
  const load = (k: number) =>
    loadSlideMedia(job.mediaPaths[k]!, slides[k]!, width, height, {
      info: infos[k],
      tools: job.tools,
      onSpawn: hooks.onSpawn,
    })
  // The thumbnail is the middle of the first slide: past any fade-in, text usually shown.
  const thumbnailFrame = Math.floor(counts[0]! / 2)
  let current: SlideMedia | null = null
  let pending: Promise<SlideMedia> | null = load(0)
  try {
    let done = 0
    let reported = -1
    for (const [k, slide] of slides.entries()) {
      current = await pending!
      pending = k + 1 < slides.length ? load(k + 1) : null
      // Awaited on the next slide; until then a failure must not count as unhandled.
      pending?.catch(() => {})
      const scene = { width, height, slide, media: current.media, captions: captionsOf(job, k) }
      for (let i = 0; i < counts[k]!; i++) {
        await current.seek(i)
        drawFrame(ctx, scene, i / FPS)
        const pixels = canvas.data()
        if (done === thumbnailFrame) {
          await writeFile(job.thumbnailFile, await canvas.encode('jpeg', THUMBNAIL_QUALITY))
          hooks.onThumbnail()
        }
        await encoder.write(pixels)
        done++
        const percent = Math.min(99, Math.floor((done * 100) / frames))
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
