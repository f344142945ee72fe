import type { FrameRange, MovieParams, RenderedComposition, RenderedSlide } from '@storyreel/core'
import type { ChildProcess } from 'node:child_process'
import { writeFile } from 'node:fs/promises'
import {
  drawFrame,
  FPS,
  momentAt,
  momentScene,
  shotsOf,
  slideFrameCounts,
  type Moment,
  type Scene,
  type SceneCaptions,
  type Shot,
} from '../engine'
import { clipSounds, probeClips } from './clip-sounds'
import { codesGrain, startEncoder } from './encoder'
import { loadSlideMedia, makeLayer, type SlideMedia } from './media'
import type { MediaTools } from './run-tool'
import { slideWindow } from './slide-window'
import { createSurface } from './surface'

/** A render, as handed to the render thread: plain data only. */
export interface RenderThreadInput {
  composition: RenderedComposition
  /** Absolute path of each slide's media, in slide order. */
  mediaPaths: string[]
  outFile: string
  thumbnailFile: string
  narration: string | null
  /** The narration and music mixed (buildMusicSoundtrack), heard instead of the narration. */
  soundtrack?: string | null
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

/** A frame's slide and its frame there, for seeking: within the slide's own frames. */
function frameOf(shot: Shot, counts: readonly number[]): number {
  return Math.min(counts[shot.slideIndex]! - 1, Math.max(0, Math.round(shot.t * FPS)))
}

/** What each frame of the range shows: its slide at its time, and a transition's other slide. */
function rangeMoments(
  slides: readonly RenderedSlide[],
  counts: readonly number[],
  range: FrameRange,
): Moment[] {
  const moments: Moment[] = []
  let slideStart = 0
  for (const [k, count] of counts.entries()) {
    const first = Math.max(slideStart, range.start)
    const end = Math.min(slideStart + count, range.end)
    for (let f = first; f < end; f++) moments.push(momentAt(slides, k, (f - slideStart) / FPS))
    slideStart += count
  }
  return moments
}

/**
 * Draws every frame with drawFrame and pipes it to one ffmpeg. The next slide's media loads
 * while one draws alone; only two are in memory at a time (slideWindow), both drawn through
 * a transition.
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
    soundtrack: job.soundtrack ?? null,
    clips: clipSounds(job.mediaPaths, infos, counts),
    ffmpeg: job.tools.ffmpeg,
    onSpawn: hooks.onSpawn,
    segment: job.range !== undefined,
    grain: codesGrain(slides),
  })
  const moments = rangeMoments(slides, counts, range)
  // Each slide's first frame drawn in the range: a slide coming in is held on its first frame,
  // one going out on its last, so a slide's frames only ever rise.
  const firsts = new Map<number, number>()
  for (const moment of moments) {
    for (const shot of shotsOf(moment)) {
      if (!firsts.has(shot.slideIndex)) firsts.set(shot.slideIndex, frameOf(shot, counts))
    }
  }
  const needed = [...firsts].map(([k, first]) => ({ k, first })).sort((a, b) => a.k - b.k)
  const { canvas, ctx } = createSurface(width, height)
  const slideMedia = slideWindow(needed, ({ k, first }) =>
    loadSlideMedia(job.mediaPaths[k]!, slides[k]!, width, height, {
      info: infos[k],
      tools: job.tools,
      onSpawn: hooks.onSpawn,
      from: first / FPS,
    }),
  )
  // Each shot's slide at its frame, ready to draw.
  const sceneOf = async (shot: Shot, media: SlideMedia): Promise<Scene> => {
    await media.seek(frameOf(shot, counts) - firsts.get(shot.slideIndex)!)
    const slide = slides[shot.slideIndex]!
    const captions = captionsOf(job.composition.movieParams, slide)
    return { width, height, slide, media: media.media, captions }
  }
  // The thumbnail is the middle of the first slide: past any fade-in, text usually shown.
  const thumbnailFrame = Math.floor(counts[0]! / 2)
  try {
    let done = 0
    let reported = -1
    for (const moment of moments) {
      const shots = shotsOf(moment)
      const media = await slideMedia.media(shots.map((s) => s.slideIndex))
      const [from, to] = await Promise.all(shots.map((shot, j) => sceneOf(shot, media[j]!)))
      drawFrame(ctx, momentScene(moment, from!, to, makeLayer), moment.from.t)
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
    slideMedia.close()
    await encoder.finish()
    hooks.onProgress(100)
    return { durationSeconds: frames / FPS, frames }
  } catch (e) {
    encoder.kill()
    slideMedia.close()
    throw e
  }
}
