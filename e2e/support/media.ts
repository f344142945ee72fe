import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { FFMPEG, FFPROBE } from './paths'

const run = promisify(execFile)

/** One still picture drawn by an ffmpeg lavfi source (e.g. `testsrc2=s=1600x1200`) into `dir`. */
export async function makeImage(dir: string, name: string, source: string): Promise<string> {
  const file = path.join(dir, name)
  await run(FFMPEG, [
    '-loglevel',
    'error',
    '-y',
    '-f',
    'lavfi',
    '-i',
    source,
    '-frames:v',
    '1',
    file,
  ])
  return file
}

/** Three distinct, bright test pictures (a photo-sized JPEG, a PNG, a portrait JPEG). */
export async function makeImages(dir: string): Promise<string[]> {
  return Promise.all([
    makeImage(dir, 'beach.jpg', 'testsrc2=s=1600x1200'),
    makeImage(dir, 'city.png', 'mandelbrot=s=1200x900'),
    makeImage(dir, 'portrait.jpg', 'smptehdbars=s=900x1600'),
  ])
}

export interface VideoInfo {
  width: number
  height: number
  duration: number
}

export async function probe(file: string): Promise<VideoInfo> {
  const { stdout } = await run(FFPROBE, [
    '-v',
    'error',
    '-select_streams',
    'v:0',
    '-show_entries',
    'stream=width,height:format=duration',
    '-of',
    'json',
    file,
  ])
  const info = JSON.parse(stdout) as {
    streams: { width: number; height: number }[]
    format: { duration: string }
  }
  const stream = info.streams[0]!
  return { width: stream.width, height: stream.height, duration: Number(info.format.duration) }
}

/** The frame at `seconds`, scaled to `width` columns, as raw pixels (`gray`: one byte each). */
export async function rawFrame(
  file: string,
  seconds: number,
  width: number,
  pixelFormat: 'gray' | 'rgb24',
): Promise<Buffer> {
  const { stdout } = await run(
    FFMPEG,
    [
      '-loglevel',
      'error',
      '-ss',
      String(seconds),
      '-i',
      file,
      '-frames:v',
      '1',
      '-vf',
      `scale=${width}:-2`,
      '-f',
      'rawvideo',
      '-pix_fmt',
      pixelFormat,
      'pipe:1',
    ],
    { encoding: 'buffer', maxBuffer: 64 * 1024 * 1024 },
  )
  const pixels = stdout as Buffer
  if (pixels.length === 0) throw new Error(`no frame at ${seconds} s`)
  return pixels
}

/** Mean luma (0-255) of the frame at `seconds`, scaled down. */
export async function meanLuma(file: string, seconds: number): Promise<number> {
  const pixels = await rawFrame(file, seconds, 96, 'gray')
  let sum = 0
  for (const value of pixels) sum += value
  return sum / pixels.length
}

/**
 * The level of each `windowSeconds` window of a file's sound, in dBFS (RMS of its mono mix, as
 * ffmpeg decodes it); an empty list when the file has no sound at all.
 */
export async function soundWindows(file: string, windowSeconds = 0.25): Promise<number[]> {
  const rate = 8000
  const { stdout } = await run(
    FFMPEG,
    ['-v', 'error', '-i', file, '-vn', '-ac', '1', '-ar', String(rate), '-f', 'f32le', 'pipe:1'],
    { encoding: 'buffer', maxBuffer: 1 << 28 },
  )
  const samples = new Float32Array(stdout.buffer, stdout.byteOffset, stdout.length / 4)
  const size = Math.round(rate * windowSeconds)
  const levels: number[] = []
  for (let start = 0; start + size <= samples.length; start += size) {
    let sum = 0
    for (let i = start; i < start + size; i++) sum += samples[i]! ** 2
    levels.push(10 * Math.log10(sum / size + 1e-20))
  }
  return levels
}
