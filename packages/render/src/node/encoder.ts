import type { Slide } from '@storyreel/core'
import { spawn, type ChildProcess } from 'node:child_process'
import { getPriority, setPriority } from 'node:os'
import { effectParams, FPS } from '../engine'
import { effectModule } from '../engine/effects'
import { audioMix, type ClipAudio } from './audio-mix'
import { discardFrame, rgbaToI420, type RgbaToI420 } from './native-addons'

export interface EncoderOptions {
  width: number
  height: number
  frames: number
  outFile: string
  narration: string | null
  /** The narration and music mixed (buildMusicSoundtrack), heard instead of the narration. */
  soundtrack?: string | null
  clips: ClipAudio[]
  ffmpeg: string
  onSpawn?: (child: ChildProcess) => void
  /**
   * One range of a split render (decision 016): video only, in MPEG-TS, whose timestamps let
   * ffmpeg's concat join the segments frame-exact (MP4's edit lists shift them at each seam).
   */
  segment?: boolean
  /** Film grain covers most of the video (codesGrain): x264 codes it with grain settings. */
  grain?: boolean
  /**
   * Converts each frame to yuv420p before the pipe (the native converter by default); null
   * pipes RGBA and lets ffmpeg convert.
   */
  convert?: RgbaToI420 | null
}

/** x264 settings of the render; bench/render's bound (a re-encode of the output) uses them too. */
const X264_ARGS = ['-c:v', 'libx264', '-crf', '21', '-pix_fmt', 'yuv420p']

/** The soundtrack's codec: the render's, the split render's join's and bench/render's bound's. */
export const AAC_ARGS = ['-c:a', 'aac', '-b:a', '128k']

/**
 * x264's preset: veryfast, but superfast without B-frames where grain covers half the video or
 * more. Grain is fresh random detail that no motion search can find in the frame before and
 * that no later frame refers to; veryfast's macroblock tree therefore coded it at a coarse
 * quantizer and wiped most of it out (the Subtle preset's grain came out at 2.5 MB for 4 s,
 * nearly a plain slide), while its motion search spent CPU looking for it. superfast searches
 * less and has no macroblock tree: on the all-effects job's frames it took 28 CPU s against 56,
 * at the same bitrate cap, with the grain kept (SSIM 0.840 against 0.830 to the drawn frames).
 * A B-frame predicts from the frames either side of it, which share no grain with it either, so
 * x264 weighed two predictions for nothing: without B-frames the same frames took 37.7 CPU s
 * against 53.7 on a slower host (SSIM 0.846 against 0.840), distort's Default preset 4.6-5.9
 * against 6.1-6.7 (Subtle: 3.9-4.4 against 4.4-4.8, SSIM 0.932 against 0.937). Photo slides stay
 * on veryfast: superfast would make them twice the size at CRF 21 (decision 014).
 */
function preset(grain: boolean): string[] {
  return grain ? ['-preset', 'superfast', '-bf', '0'] : ['-preset', 'veryfast']
}

/** Whether an effect of the slide draws grain (its module's drawsGrain). */
function drawsGrain(slide: Slide): boolean {
  return slide.effects.some((e) => effectModule(e.name).drawsGrain?.(effectParams(e)) ?? false)
}

/** Whether grain covers at least half of the video's time, and x264 should code it as grain. */
export function codesGrain(slides: readonly Slide[]): boolean {
  let grain = 0
  let total = 0
  for (const slide of slides) {
    total += slide.duration
    if (drawsGrain(slide)) grain += slide.duration
  }
  return grain > 0 && 2 * grain >= total
}

/**
 * What the pictures are: sRGB (BT.709 primaries and transfer) turned to YUV with the BT.601
 * matrix in limited range, as libyuv's converter and ffmpeg's own default both do. Untagged, a
 * player guesses BT.709 for HD sizes: Chromium showed a drawn red (200, 40, 60) as (213, 58, 61).
 */
const COLOUR_TAGS = [
  ...['-colorspace', 'smpte170m', '-color_primaries', 'bt709'],
  ...['-color_trc', 'bt709', '-color_range', 'tv'],
]

/**
 * The most bits a second of video may take, per pixel of a frame: 0.25 bits per pixel per frame
 * at 30 fps, 15.6 Mbit/s at 1080x1920, the most a phone plays smoothly and well above what a
 * photo or clip composition needs at CRF 21 (4-5 Mbit/s). Film grain is fresh random detail on
 * every pixel of every frame: uncapped, CRF kept it at 190 Mbit/s (94 MB for a 4-second slide)
 * and x264 spent its time coding those bits; capped, the slide is 10 MB and encodes 1.3x faster,
 * and the grain still shows.
 */
const MAX_BITS_PER_PIXEL_SECOND = 0.25 * 30

/**
 * Frames above this many pixels (2160x3840 has 8.3 million) are coded with sliced threads:
 * x264's frame threads each hold frames of their own, 930 MB at 2160x3840 on 2 cores against
 * 660 MB sliced (measured), and more threads on a larger server. They also look 5 frames ahead
 * instead of veryfast's 10: at 2160x3840 ffmpeg then peaked at 570 MB instead of 700 MB, no
 * slower (decision 014).
 */
const SLICED_ABOVE = 4_000_000
const LARGE_FRAME_X264 = 'sliced-threads=1:rc-lookahead=5'

/** x264 settings of a render of this frame size, shared with bench/render's bound. */
export function x264Args(width: number, height: number, grain = false): string[] {
  const maxKbits = Math.round((width * height * MAX_BITS_PER_PIXEL_SECOND) / 1000)
  return [
    ...X264_ARGS,
    ...preset(grain),
    ...COLOUR_TAGS,
    ...['-maxrate', `${maxKbits}k`, '-bufsize', `${2 * maxKbits}k`],
    ...(width * height > SLICED_ABOVE ? ['-x264-params', LARGE_FRAME_X264] : []),
  ]
}

/**
 * How much nicer than the render thread the encoder runs (the render thread itself runs at 10,
 * below the server's event loop; the encoder inherited that). The render thread is one thread
 * that draws every frame and x264 is several that wait for it: at one priority the scheduler
 * shared the two cores evenly among them, so with heavy effects the render thread, the one the
 * video waits on, waited for a core. Nicer, x264 still gets every cycle the render thread
 * leaves, and the pipe's backpressure keeps it fed. In five alternate pairs of bench/render's
 * all-effects job on one host: 41.2-50.2 s against 47.5-57.5, faster in every pair; the
 * headline 27.0 and 28.2 s against 26.9 and 32.2 (decision 014).
 */
export const ENCODER_NICER_BY = 10

function yieldToRenderThread(pid: number): void {
  // x264 starts its threads once the first frame arrives, after this, and they inherit it.
  try {
    // Linux's niceness is per thread; getPriority() reads the calling (render) thread's.
    setPriority(pid, Math.min(19, getPriority() + ENCODER_NICER_BY))
  } catch {
    // It has exited already: its exit code and stderr tell why when the frames are written.
  }
}

export interface Encoder {
  /**
   * Takes one RGBA frame (the caller must not read it again: once converted here, its memory is
   * freed); resolves when ffmpeg can take the next (backpressure): at once while no other frame
   * waits in the pipe.
   */
  write(frame: Buffer): Promise<void>
  /** Ends the input and waits for the MP4 to be complete. */
  finish(): Promise<void>
  kill(): void
}

/**
 * One ffmpeg process: raw frames on stdin (yuv420p converted here, or RGBA) -> H.264 yuv420p at
 * 30 fps, AAC soundtrack, faststart MP4.
 */
export function startEncoder(o: EncoderOptions): Encoder {
  const total = o.frames / FPS
  const audio = o.segment ? null : audioMix(total, o.narration, o.clips, o.soundtrack ?? null)
  const convert = o.convert === undefined ? rgbaToI420() : o.convert
  // Two buffers in turn: write() returns with at most the last frame still in the pipe.
  const yuv = convert ? [0, 1].map(() => Buffer.allocUnsafe((o.width * o.height * 3) / 2)) : []
  let turn = 0
  const args = [
    ...['-hide_banner', '-loglevel', 'error', '-y'],
    ...['-f', 'rawvideo', '-pix_fmt', convert ? 'yuv420p' : 'rgba'],
    ...['-s', `${o.width}x${o.height}`, '-r', String(FPS)],
    ...['-i', 'pipe:0'],
    ...(audio ? ['-filter_complex', audio, '-map', '0:v', '-map', '[a]'] : ['-map', '0:v']),
    ...x264Args(o.width, o.height, o.grain),
    ...['-r', String(FPS)],
    ...(audio ? AAC_ARGS : ['-an']),
    ...['-t', total.toFixed(3)],
    ...(audio ? ['-movflags', '+faststart', '-f', 'mp4'] : ['-f', 'mpegts']),
    o.outFile,
  ]
  const child = spawn(o.ffmpeg, args, { stdio: ['pipe', 'ignore', 'pipe'] })
  if (child.pid !== undefined) yieldToRenderThread(child.pid)
  o.onSpawn?.(child)
  let stderr = ''
  child.stderr.on('data', (d: Buffer) => (stderr = (stderr + d.toString()).slice(-4000)))
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on('error', reject)
    child.on('close', (code) => resolve(code))
  })
  const failure = () => new Error(`ffmpeg failed: ${stderr.trim() || 'exited early'}`)
  // A write after ffmpeg died fails with EPIPE; the exit code and stderr tell the real story.
  child.stdin.on('error', () => {})
  return {
    async write(rgba) {
      if (child.exitCode !== null || child.stdin.destroyed) throw failure()
      let frame = rgba
      if (convert) {
        frame = yuv[turn++ % 2]!
        convert(rgba, o.width, o.height, frame)
        discardFrame(rgba)
      }
      // One frame may wait in the pipe while the next is drawn, so drawing and encoding overlap;
      // a second waits for both to drain, so at most two frames are ever held.
      if (!child.stdin.write(frame) && child.stdin.writableLength > frame.length) {
        await new Promise<void>((resolve, reject) => {
          const onDrain = () => {
            child.off('close', onClose)
            resolve()
          }
          const onClose = () => {
            child.stdin.off('drain', onDrain)
            reject(failure())
          }
          child.stdin.once('drain', onDrain)
          child.once('close', onClose)
        })
      }
    },
    async finish() {
      child.stdin.end()
      const code = await exited
      if (code !== 0) throw failure()
    },
    kill() {
      if (child.exitCode === null) child.kill('SIGKILL')
    },
  }
}
