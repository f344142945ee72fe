import sharp from 'sharp'
import {
  mainSubjectBox,
  subjectWords,
  UPLOAD_RULES,
  type ImageDescription,
  type MediaKind,
} from '@storyreel/core'
import { clipStill, probeMedia, scaleToRgb, type MediaTools } from '@storyreel/render/server'
import { analyzePixels, sayableColours, type PixelStats } from './analyze-pixels'
import { detectSubjects, type RgbPicture } from './detect/detector'
import { DETECTOR_SIDE } from './detect/detector-protocol'

/**
 * Statistics are taken on a copy this wide at most: plenty for colours and focus, fine enough
 * to see the texture that makes text hard to read (the calm region), and fast.
 */
const SAMPLE_SIDE = 256

function sampleSize(width: number, height: number, side: number) {
  const scale = Math.min(1, side / Math.max(width, height))
  return { w: Math.max(1, Math.round(width * scale)), h: Math.max(1, Math.round(height * scale)) }
}

/** The colours, light, detail, focus and calm region of a decoded picture, on its small sample. */
async function statsOf(picture: RgbPicture): Promise<PixelStats> {
  const { data, info } = await sharp(picture.data, {
    raw: { width: picture.width, height: picture.height, channels: 3 },
  })
    .resize(SAMPLE_SIDE, SAMPLE_SIDE, { fit: 'inside', withoutEnlargement: true })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  return analyzePixels(data, info.width, info.height)
}

/**
 * The picture decoded once, no wider than the detector looks (DETECTOR_SIDE), RGB: the
 * statistics' sample and the detector's square are both made from it, so a describe decodes
 * each file once (the describe budget counts one decode). sharp decodes on libuv's threads,
 * not the event loop; JPEG and WebP shrink while they load, so a big photo never exists at full
 * size; and anything over the pixel limit is refused from its header (the upload checked it
 * already). failOn 'error' rather than 'warning': phones write JPEGs that libjpeg warns about
 * and shows.
 */
export async function decodePicture(file: string) {
  const image = sharp(file, {
    limitInputPixels: UPLOAD_RULES.maxImagePixels,
    failOn: 'error',
    autoOrient: true,
  })
  const { autoOrient } = await image.metadata()
  const { data, info } = await image
    .resize(DETECTOR_SIDE, DETECTOR_SIDE, { fit: 'inside', withoutEnlargement: true })
    .removeAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true })
  const picture: RgbPicture = { data, width: info.width, height: info.height }
  return { picture, size: { width: autoOrient.width, height: autoOrient.height } }
}

/** A picture's or a clip's still's statistics and subjects, side by side. */
async function look(picture: RgbPicture, size: { width: number; height: number }) {
  const [stats, subjects] = await Promise.all([statsOf(picture), detectSubjects(picture, size)])
  return { stats, subjects }
}

async function analyzeImage(file: string) {
  const { picture, size } = await decodePicture(file)
  return { ...size, duration: null, ...(await look(picture, size)) }
}

async function analyzeVideo(file: string, tools: MediaTools) {
  // The engine's probe: it also turns phone videos stored sideways the way they are shown.
  const info = await probeMedia(file, tools)
  const { width, height, duration } = info
  if (!(duration > 0)) throw new Error('not a playable video')
  const { w, h } = sampleSize(width, height, DETECTOR_SIDE)
  const data = await clipStill(
    file,
    info,
    scaleToRgb(`${w}:${h}`, info, 'rgb24'),
    ['-f', 'rawvideo', '-pix_fmt', 'rgb24'],
    { tools },
  )
  const still: RgbPicture = { data, width: w, height: h }
  return { width, height, duration, ...(await look(still, { width, height })) }
}

const round1 = (v: number) => Math.round(v * 10) / 10

function orientation(width: number, height: number): ImageDescription['orientation'] {
  if (Math.abs(width - height) / Math.max(width, height) < 0.05) return 'square'
  return width > height ? 'landscape' : 'portrait'
}

function summary(kind: MediaKind, shape: string, stats: PixelStats, words: string): string {
  const light = stats.brightness > 0.65 ? 'bright' : stats.brightness < 0.35 ? 'dark' : 'softly lit'
  const colours = sayableColours(stats).slice(0, 2).join(' and ') || 'mixed'
  const detail =
    stats.sharpness > 0.5 ? 'richly detailed' : stats.sharpness < 0.15 ? 'smooth' : 'clear'
  const shows = words ? ` of ${words}` : ''
  return `A ${light}, ${detail} ${shape} ${kind === 'video' ? 'video clip' : 'picture'}${shows} in ${colours} tones.`
}

/** Describes one stored file by really looking at its pixels (the embedded, offline analysis). */
export async function describeMedia(
  file: string,
  filename: string,
  kind: MediaKind,
  tools: MediaTools,
): Promise<ImageDescription> {
  const { width, height, duration, stats, subjects } =
    kind === 'video' ? await analyzeVideo(file, tools) : await analyzeImage(file)
  const shape = orientation(width, height)
  const words = subjectWords(subjects)
  const main = mainSubjectBox(subjects)
  // A found subject is where the camera looks: the crop, the zoom and the pan centre on it.
  const focus = main
    ? { x: round1(main.x + main.width / 2), y: round1(main.y + main.height / 2) }
    : stats.focus
  return {
    filename,
    kind,
    width,
    height,
    orientation: shape,
    duration,
    dominantColors: stats.dominantColors,
    colourShares: stats.colourShares,
    brightness: Math.round(stats.brightness * 1000) / 1000,
    sharpness: Math.round(stats.sharpness * 1000) / 1000,
    focus,
    summary: summary(kind, shape, stats, words),
    calmRegion: stats.calmRegion,
    ...(subjects.length > 0 && { subject: words, subjects }),
  }
}
