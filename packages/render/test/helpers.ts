import { createCanvas, ImageData, loadImage } from '@napi-rs/canvas'
import { execFile } from 'node:child_process'
import { mkdtemp, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

export const run = promisify(execFile)

export function tempDir(): Promise<string> {
  return mkdtemp(join(tmpdir(), 'storyreel-render-'))
}

export interface Picture {
  width: number
  height: number
  /** RGBA */
  data: Uint8Array
}

/** A test card: colour bands, a fine checkerboard and a grid, so scaling and blur show. */
export async function writeTestCard(file: string, width: number, height: number): Promise<void> {
  const c = createCanvas(width, height)
  const ctx = c.getContext('2d')
  const bands = ['#d33', '#3c3', '#33d', '#dd3', '#3dd', '#d3d']
  bands.forEach((b, i) => {
    ctx.fillStyle = b
    ctx.fillRect((i * width) / bands.length, 0, width / bands.length + 1, height)
  })
  for (let y = 0; y < height; y += 8) {
    for (let x = (y / 8) % 2 === 0 ? 0 : 8; x < width; x += 16) {
      ctx.fillStyle = 'rgba(255,255,255,0.5)'
      ctx.fillRect(x, y, 8, 8)
    }
  }
  ctx.strokeStyle = '#000'
  ctx.lineWidth = 3
  for (let x = 0; x < width; x += width / 10) ctx.strokeRect(x, 0, 0.1, height)
  for (let y = 0; y < height; y += height / 10) ctx.strokeRect(0, y, width, 0.1)
  ctx.fillStyle = '#fff'
  ctx.beginPath()
  ctx.arc(width / 2, height / 2, Math.min(width, height) / 6, 0, Math.PI * 2)
  ctx.fill()
  await writeFile(file, c.toBuffer('image/png'))
}

export async function writeSolid(
  file: string,
  width: number,
  height: number,
  color: string,
): Promise<void> {
  const c = createCanvas(width, height)
  const ctx = c.getContext('2d')
  ctx.fillStyle = color
  ctx.fillRect(0, 0, width, height)
  await writeFile(file, c.toBuffer('image/png'))
}

/** Frame n of a video, decoded by ffmpeg. */
export async function grabFrame(file: string, n: number): Promise<Picture> {
  const { stdout: probe } = await run('ffprobe', [
    ...['-v', 'error', '-select_streams', 'v:0', '-show_entries', 'stream=width,height'],
    ...['-of', 'csv=p=0', file],
  ])
  const [width, height] = probe.trim().split(',').map(Number) as [number, number]
  const { stdout } = await run(
    'ffmpeg',
    [
      ...['-v', 'error', '-i', file, '-vf', `select=eq(n\\,${n})`, '-vsync', '0', '-frames:v', '1'],
      ...['-f', 'rawvideo', '-pix_fmt', 'rgba', 'pipe:1'],
    ],
    { encoding: 'buffer', maxBuffer: 1 << 28 },
  )
  if (stdout.length !== width * height * 4) throw new Error(`no frame ${n} in ${file}`)
  return { width, height, data: new Uint8Array(stdout) }
}

/** A JPEG or PNG file or buffer, decoded to RGBA. */
export async function decodeImage(input: Buffer): Promise<Picture> {
  const img = await loadImage(input)
  const c = createCanvas(img.width, img.height)
  const ctx = c.getContext('2d')
  ctx.drawImage(img, 0, 0)
  return {
    width: img.width,
    height: img.height,
    data: new Uint8Array(ctx.getImageData(0, 0, img.width, img.height).data),
  }
}

export function luma(p: Picture, x: number, y: number): number {
  const i = (Math.floor(y) * p.width + Math.floor(x)) * 4
  return 0.2126 * p.data[i]! + 0.7152 * p.data[i + 1]! + 0.0722 * p.data[i + 2]!
}

/** Mean of a channel (0 r, 1 g, 2 b) or of luma (-1) over a rectangle. */
export function mean(
  p: Picture,
  channel: number,
  x0 = 0,
  y0 = 0,
  w = p.width,
  h = p.height,
): number {
  let sum = 0
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      sum += channel < 0 ? luma(p, x, y) : p.data[(y * p.width + x) * 4 + channel]!
    }
  }
  return sum / (w * h)
}

/** Mean absolute Laplacian of luma: how much fine detail (high frequencies) a picture holds. */
export function detail(p: Picture): number {
  let sum = 0
  for (let y = 1; y < p.height - 1; y++) {
    for (let x = 1; x < p.width - 1; x++) {
      sum += Math.abs(
        4 * luma(p, x, y) -
          luma(p, x - 1, y) -
          luma(p, x + 1, y) -
          luma(p, x, y - 1) -
          luma(p, x, y + 1),
      )
    }
  }
  return sum / ((p.width - 2) * (p.height - 2))
}

/** Peak signal-to-noise ratio of the RGB channels, in dB. */
export function psnr(a: Picture, b: Picture): number {
  if (a.width !== b.width || a.height !== b.height) throw new Error('sizes differ')
  let se = 0
  for (let i = 0; i < a.data.length; i += 4) {
    for (let c = 0; c < 3; c++) se += (a.data[i + c]! - b.data[i + c]!) ** 2
  }
  const mse = se / ((a.data.length / 4) * 3)
  return mse === 0 ? Infinity : 10 * Math.log10((255 * 255) / mse)
}

/** The centre 1/z of a picture scaled back up to its full size: what a zoom by z shows. */
export function zoomed(p: Picture, z: number): Picture {
  const src = createCanvas(p.width, p.height)
  const sctx = src.getContext('2d')
  sctx.putImageData(new ImageData(new Uint8ClampedArray(p.data), p.width, p.height), 0, 0)
  const out = createCanvas(p.width, p.height)
  const ctx = out.getContext('2d')
  const sw = p.width / z
  const sh = p.height / z
  ctx.imageSmoothingQuality = 'high'
  ctx.drawImage(src, (p.width - sw) / 2, (p.height - sh) / 2, sw, sh, 0, 0, p.width, p.height)
  return {
    width: p.width,
    height: p.height,
    data: new Uint8Array(ctx.getImageData(0, 0, p.width, p.height).data),
  }
}

export async function writePng(file: string, p: Picture): Promise<void> {
  const c = createCanvas(p.width, p.height)
  c.getContext('2d').putImageData(
    new ImageData(new Uint8ClampedArray(p.data), p.width, p.height),
    0,
    0,
  )
  await writeFile(file, c.toBuffer('image/png'))
}

/** Mean volume of an audio span of a media file, in dB (-91 for digital silence). */
export async function meanVolume(file: string, from: number, duration: number): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    ...['-v', 'info', '-ss', String(from), '-t', String(duration), '-i', file],
    ...['-vn', '-af', 'volumedetect', '-f', 'null', '-'],
  ])
  const m = /mean_volume: (-?[\d.]+|-inf) dB/.exec(stderr)
  return m && m[1] !== '-inf' ? Number(m[1]) : -91
}

/**
 * Mean volume of one tone's band (a narrow band-pass around hz) over a span, in dB. One
 * band-pass lets a tone three octaves away through about 39 dB down; each of `stages` more in
 * a row takes as much again off it, to read a band far quieter than another tone.
 */
export async function bandVolume(
  file: string,
  from: number,
  duration: number,
  hz: number,
  stages = 1,
): Promise<number> {
  const band = Array.from({ length: stages }, () => `bandpass=f=${hz}:width_type=q:w=10`)
  const { stderr } = await run('ffmpeg', [
    ...['-v', 'info', '-ss', String(from), '-t', String(duration), '-i', file, '-vn'],
    ...['-af', `${band.join(',')},volumedetect`, '-f', 'null', '-'],
  ])
  const m = /mean_volume: (-?[\d.]+|-inf) dB/.exec(stderr)
  return m && m[1] !== '-inf' ? Number(m[1]) : -91
}

/** Integrated loudness of a media file's audio (EBU R128), LUFS. */
export async function integratedLoudness(file: string): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    ...['-hide_banner', '-nostats', '-i', file, '-vn', '-af', 'ebur128', '-f', 'null', '-'],
  ])
  const m = /Integrated loudness:\s+I:\s+(-?[\d.]+) LUFS/.exec(stderr)
  if (!m) throw new Error(`no loudness measured in ${file}`)
  return Number(m[1])
}

/** Where sound starts after each silence of at least `minSilence` seconds (0: from the start). */
export async function soundStarts(file: string, minSilence = 0.2): Promise<number[]> {
  const { stdout: length } = await run('ffprobe', [
    ...['-v', 'error', '-show_entries', 'format=duration', '-of', 'csv=p=0', file],
  ])
  const { stderr } = await run('ffmpeg', [
    ...['-hide_banner', '-nostats', '-i', file, '-vn'],
    ...['-af', `silencedetect=n=-45dB:d=${minSilence}`, '-f', 'null', '-'],
  ])
  const events = [...stderr.matchAll(/silence_(start|end): (-?[\d.]+)/g)].map((m) => ({
    end: m[1] === 'end',
    t: Number(m[2]),
  }))
  const starts = events.filter((e) => e.end).map((e) => e.t)
  if (events[0]?.end !== false || events[0].t > 0.01) starts.unshift(0)
  // A silence that lasts to the end "ends" there: no sound starts.
  return starts.filter((t) => t < Number(length) - 0.05)
}

/** Highest true peak of a media file's audio (EBU R128, 4x oversampled), dBTP. */
export async function truePeak(file: string): Promise<number> {
  const { stderr } = await run('ffmpeg', [
    ...['-hide_banner', '-nostats', '-i', file, '-vn'],
    ...['-af', 'ebur128=peak=true:framelog=verbose', '-f', 'null', '-'],
  ])
  const m = /True peak:\s+Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(stderr)
  if (!m) throw new Error(`no true peak measured in ${file}`)
  return m[1] === '-inf' ? -Infinity : Number(m[1])
}
