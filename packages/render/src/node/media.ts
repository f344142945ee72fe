import { createCanvas, ImageData, loadImage, type Canvas } from '@napi-rs/canvas'
import type { Slide } from '@storyreel/core'
import { spawn, type ChildProcess } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import { backdropSize, FPS, type Backdrop, type Ctx, type Layer, type Media } from '../engine'
import { preScaledSize } from '../engine/media-size'
import { visibleRegion, type Region } from '../engine/visible-region'
import { BOUNDED_DECODE } from './clip-frames'
import { clipCut } from './clip-cut'
import { isVideo } from './media-kind'
import { probeMedia, scaleToRgb, type MediaInfo } from './probe'
import { rawReader } from './raw-reader'
import { DEFAULT_TOOLS, type MediaTools } from './run-tool'

/** A slide's media, ready to draw: a still picture, or the current frame of a clip. */
export interface SlideMedia {
  media: Media
  /** Moves a clip to frame i of the slide (called with rising i); a no-op for images. */
  seek(i: number): Promise<void>
  close(): void
}

export { isVideo }

/** A canvas of its own for the engine to draw on (a backdrop, a blur's small copy, a slide). */
export function makeLayer(width: number, height: number): Layer {
  const canvas = createCanvas(width, height)
  return {
    source: canvas as unknown as CanvasImageSource,
    ctx: canvas.getContext('2d') as unknown as Ctx,
  }
}

/** A small canvas for the backdrop of a fitted frame of this size (drawFrame paints it). */
function backdrop(width: number, height: number, live: boolean): Backdrop {
  const size = backdropSize(width, height)
  return { ...makeLayer(size.width, size.height), ...size, live }
}

/** `live`: the canvas is redrawn with each frame of a clip. */
function canvasMedia(
  canvas: Canvas,
  frameWidth: number,
  frameHeight: number,
  live: boolean,
): Media {
  return {
    source: canvas as unknown as CanvasImageSource,
    width: canvas.width,
    height: canvas.height,
    backdrop: backdrop(frameWidth, frameHeight, live),
    makeLayer,
  }
}

async function loadStill(
  path: string,
  slide: Slide,
  width: number,
  height: number,
): Promise<SlideMedia> {
  // From the bytes, not the path: @napi-rs/canvas 1.1 keeps a file it reads itself for the
  // life of the process (Brooooooklyn/canvas#1055), so a server grew by each photo's size with
  // each render of it (decision 015).
  const img = await loadImage(await readFile(path))
  const size = preScaledSize(img.width, img.height, width, height, slide)
  const canvas = createCanvas(size.width, size.height)
  const ctx = canvas.getContext('2d')
  ctx.imageSmoothingEnabled = true
  ctx.imageSmoothingQuality = 'high'
  ctx.drawImage(img, 0, 0, size.width, size.height)
  return {
    media: canvasMedia(canvas, width, height, false),
    seek: async () => {},
    close: () => {},
  }
}

/**
 * The filters that cut a region out of each frame, scale it and convert it to RGBA at once,
 * reading the clip's colours as a browser does.
 */
function cutAndScale(source: Region, target: Region, info: MediaInfo): string {
  const crop = `crop=${source.width}:${source.height}:${source.x}:${source.y}`
  return `${crop},${scaleToRgb(`${target.width}:${target.height}:flags=bicubic`, info, 'rgba')}`
}

export interface ClipOptions {
  /** Seconds into the slide of the first frame wanted (renderFrame starts mid-slide). */
  from?: number
  /** The clip's probe when the caller has it already, so each file is probed once. */
  info?: MediaInfo
  tools?: MediaTools
  onSpawn?: (child: ChildProcess) => void
}

/**
 * A clip decoded by ffmpeg into raw RGBA frames at 30 fps and the pre-scaled size, looped
 * when shorter than the slide and cut at the slide's end.
 */
async function loadClip(
  path: string,
  slide: Slide,
  width: number,
  height: number,
  opts: ClipOptions,
): Promise<SlideMedia> {
  const tools = opts.tools ?? DEFAULT_TOOLS
  const info = opts.info ?? (await probeMedia(path, tools, { onSpawn: opts.onSpawn }))
  const size = preScaledSize(info.width, info.height, width, height, slide)
  const from = opts.from ?? 0
  // Rounded down to the millisecond: rounded up, a seek to a frame's own time lands just past it
  // and skips it, and a split render's range that starts mid-clip would be a frame ahead.
  const start = info.duration > 0 ? Math.floor((from % info.duration) * 1000) / 1000 : 0
  // Only what the slide's camera shows is cut, scaled, converted, piped and uploaded: a landscape
  // clip in a portrait frame shows a third of each frame.
  const { source, target } = clipCut(
    visibleRegion(slide, width, height, size.width, size.height),
    info,
    size,
  )
  const child = spawn(
    tools.ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-nostdin'],
      ...['-stream_loop', '-1', '-ss', start.toFixed(3), ...BOUNDED_DECODE, '-i', path],
      ...['-t', Math.max(0.001, slide.duration - from).toFixed(3), '-an'],
      ...['-vf', `fps=${FPS},${cutAndScale(source, target, info)}`],
      ...['-f', 'rawvideo', 'pipe:1'],
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  opts.onSpawn?.(child)
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-2000)))
  child.on('error', () => {})
  const next = rawReader(child.stdout, target.width * target.height * 4)
  const canvas = createCanvas(size.width, size.height)
  const ctx = canvas.getContext('2d')
  let position = -1
  let finished = false
  const show = async () => {
    const frame = finished ? null : await next()
    if (!frame) {
      // Past the clip's last decoded frame the last one stays on screen.
      if (position < 0 && !finished) throw new Error(`cannot decode clip ${path}: ${stderr.trim()}`)
      finished = true
      return
    }
    const pixels = new Uint8ClampedArray(frame.buffer, frame.byteOffset, frame.length)
    ctx.putImageData(new ImageData(pixels, target.width, target.height), target.x, target.y)
  }
  return {
    media: canvasMedia(canvas, width, height, true),
    async seek(i) {
      while (position < i) {
        await show()
        position++
      }
    },
    close() {
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }
}

/** Loads and pre-scales one slide's media; a failure names the file. */
export async function loadSlideMedia(
  path: string,
  slide: Slide,
  width: number,
  height: number,
  opts: ClipOptions = {},
): Promise<SlideMedia> {
  try {
    return isVideo(path)
      ? await loadClip(path, slide, width, height, opts)
      : await loadStill(path, slide, width, height)
  } catch (e) {
    throw new Error(`cannot load media ${slide.filename}: ${(e as Error).message}`, { cause: e })
  }
}
