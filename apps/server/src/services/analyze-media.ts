import { createCanvas, loadImage } from '@napi-rs/canvas'
import type { ImageDescription, MediaKind } from '@storyreel/core'
import { runProcess } from '../lib/run-process'
import { analyzePixels, colourName, type PixelStats } from './analyze-pixels'

/** Statistics are taken on a copy this wide at most: plenty for colours and focus, and fast. */
const SAMPLE_SIDE = 96

export interface Tools {
  ffmpegPath: string
}

function sampleSize(width: number, height: number) {
  const scale = Math.min(1, SAMPLE_SIDE / Math.max(width, height))
  return { w: Math.max(1, Math.round(width * scale)), h: Math.max(1, Math.round(height * scale)) }
}

async function analyzeImage(file: string) {
  const image = await loadImage(file)
  const { w, h } = sampleSize(image.width, image.height)
  const canvas = createCanvas(w, h)
  const ctx = canvas.getContext('2d')
  ctx.drawImage(image, 0, 0, w, h)
  const stats = analyzePixels(ctx.getImageData(0, 0, w, h).data, w, h)
  return { width: image.width, height: image.height, duration: null, stats }
}

async function analyzeVideo(file: string, tools: Tools) {
  // The engine's probe: it also turns phone videos stored sideways the way they are shown.
  const { probeMedia } = await import('@storyreel/render/node')
  const { width, height, duration } = await probeMedia(file)
  if (!(duration > 0)) throw new Error('not a playable video')
  const { w, h } = sampleSize(width, height)
  const frame = await runProcess(tools.ffmpegPath, [
    '-v',
    'error',
    '-ss',
    String(Math.min(1, duration / 2)),
    '-i',
    file,
    '-frames:v',
    '1',
    '-vf',
    `scale=${w}:${h}`,
    '-f',
    'rawvideo',
    '-pix_fmt',
    'rgba',
    'pipe:1',
  ])
  return { width, height, duration, stats: analyzePixels(frame, w, h) }
}

function orientation(width: number, height: number): ImageDescription['orientation'] {
  if (Math.abs(width - height) / Math.max(width, height) < 0.05) return 'square'
  return width > height ? 'landscape' : 'portrait'
}

function summary(kind: MediaKind, shape: string, stats: PixelStats): string {
  const light = stats.brightness > 0.65 ? 'bright' : stats.brightness < 0.35 ? 'dark' : 'softly lit'
  const colours = [...new Set(stats.dominantColors.map(colourName))].slice(0, 2).join(' and ')
  const detail =
    stats.sharpness > 0.5 ? 'richly detailed' : stats.sharpness < 0.15 ? 'smooth' : 'clear'
  return `A ${light}, ${detail} ${shape} ${kind === 'video' ? 'video clip' : 'picture'} in ${colours} tones.`
}

/** Describes one stored file by really looking at its pixels (the embedded, offline analysis). */
export async function describeMedia(
  file: string,
  filename: string,
  kind: MediaKind,
  tools: Tools,
): Promise<ImageDescription> {
  const { width, height, duration, stats } =
    kind === 'video' ? await analyzeVideo(file, tools) : await analyzeImage(file)
  const shape = orientation(width, height)
  return {
    filename,
    kind,
    width,
    height,
    orientation: shape,
    duration,
    dominantColors: stats.dominantColors,
    brightness: Math.round(stats.brightness * 1000) / 1000,
    sharpness: Math.round(stats.sharpness * 1000) / 1000,
    focus: stats.focus,
    summary: summary(kind, shape, stats),
  }
}
