import { EFFECT_NAMES, type Composition } from '@storyreel/core'
import {
  drawFrame,
  FPS,
  momentAt,
  momentScene,
  pixelPassJs,
  useDistortPass,
} from '@storyreel/render'
import {
  createSurface,
  discardFrame,
  distortPass,
  holdFrameMemory,
  loadSlideMedia,
  makeLayer,
} from '@storyreel/render/node'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import { benchPhotos } from './render-media'
import { effectJob, headlineJob } from './render-jobs'

/**
 * bench/frame-cost: what the engine alone spends on one 1080x1920 frame of each effect's slide
 * (bench/render's effect jobs), drawing it and reading it back, without ffmpeg: the part of a
 * render's time the render thread owns. Distort twice, with the server's native pass and with
 * the editor's JavaScript one. Milliseconds a frame, the median over the slide's frames. Memory is
 * handled as the render thread handles it: frame memory held, each read-back freed once read
 * (decision 014) and the loop yields between frames, as the render does while ffmpeg takes the
 * frame; without both, every read-back was fresh pages for the kernel to zero (distort: 48 ms a
 * frame against 17). Then the headline job's second slide: alone, and through the dissolves on
 * either side of it, where one slide is held still while the other moves.
 *
 *   npm run frame-cost -w @storyreel/bench [-- --frames 60]
 */
const OUT = new URL('./out/', import.meta.url).pathname
const { values } = parseArgs({ options: { frames: { type: 'string', default: '60' } } })
const frames = Number(values.frames)
const photos = await benchPhotos(OUT)
const photo = photos[0]

/**
 * As the render thread yields while it waits for the encoder: a freed read-back's memory goes
 * back to the heap only then (Node runs the finalizer of a native Buffer after the current task).
 */
const yieldToLoop = () => new Promise((resolve) => setImmediate(resolve))

async function msPerFrame(composition: Composition): Promise<number> {
  const { width, height } = composition.movieParams
  const slide = composition.composition[0]!
  const loaded = await loadSlideMedia(join(OUT, slide.filename), slide, width, height)
  const { canvas, ctx } = createSurface(width, height)
  const scene = { width, height, slide, media: loaded.media }
  const times: number[] = []
  for (let i = -5; i < frames; i++) {
    const t = ((Math.max(0, i) / frames) * slide.duration * 29) / 30
    const start = performance.now()
    drawFrame(ctx, scene, t)
    // Skia draws when pixels are read: the read-back is part of the frame.
    discardFrame(canvas.data())
    if (i >= 0) times.push(performance.now() - start)
    await yieldToLoop()
  }
  loaded.close()
  return times.sort((a, b) => a - b)[Math.floor(times.length / 2)]!
}

const none = effectJob('zoom', photo!).composition
none.composition[0]!.effects = []
holdFrameMemory()
// Once unmeasured: the first frames of a process pay for Skia's and the JIT's warm-up.
await msPerFrame(none)
console.log(`1080x1920, ms a frame (draw and read back), median of ${frames}`)
console.log(`${'photo alone'.padEnd(22)} ${(await msPerFrame(none)).toFixed(1).padStart(6)}`)
for (const name of EFFECT_NAMES) {
  const ms = await msPerFrame(effectJob(name, photo!).composition)
  console.log(`${name.padEnd(22)} ${ms.toFixed(1).padStart(6)}`)
}
if (distortPass()) {
  useDistortPass(pixelPassJs)
  const ms = await msPerFrame(effectJob('distort', photo!).composition)
  console.log(`${'distort (JavaScript)'.padEnd(22)} ${ms.toFixed(1).padStart(6)}`)
}

/**
 * Milliseconds a frame of the headline job's second slide (zoom and title) alone, and of the
 * frames of the dissolves it takes part in, before and after their boundary: medians.
 */
async function headlineFrames(): Promise<Record<'alone' | 'before' | 'after', number>> {
  const { composition } = headlineJob(1080, 1920, photos)
  const { width, height } = composition.movieParams
  const slides = composition.composition
  const loaded = await Promise.all(
    slides.slice(0, 3).map((s) => loadSlideMedia(join(OUT, s.filename), s, width, height)),
  )
  const scene = (k: number) => ({ width, height, slide: slides[k]!, media: loaded[k]!.media })
  const { canvas, ctx } = createSurface(width, height)
  const times = { alone: [] as number[], before: [] as number[], after: [] as number[] }
  for (let f = -5; f < slides[1]!.duration * FPS; f++) {
    const moment = momentAt(slides, 1, Math.max(0, f) / FPS)
    const { from, transition } = moment
    const into = transition && scene(transition.to.slideIndex)
    const start = performance.now()
    drawFrame(ctx, momentScene(moment, scene(from.slideIndex), into, makeLayer), from.t)
    discardFrame(canvas.data())
    const ms = performance.now() - start
    if (f >= 0) {
      times[!transition ? 'alone' : transition.progress < 0.5 ? 'before' : 'after'].push(ms)
    }
    await yieldToLoop()
  }
  for (const l of loaded) l.close()
  const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!
  return { alone: median(times.alone), before: median(times.before), after: median(times.after) }
}

const headline = await headlineFrames()
console.log(`${'headline slide alone'.padEnd(22)} ${headline.alone.toFixed(1).padStart(6)}`)
console.log(`${'dissolve, before'.padEnd(22)} ${headline.before.toFixed(1).padStart(6)}`)
console.log(`${'dissolve, after'.padEnd(22)} ${headline.after.toFixed(1).padStart(6)}`)
