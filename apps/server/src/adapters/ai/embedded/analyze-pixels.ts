import type { CalmRegion } from '@storyreel/core'

/**
 * What a picture looks like, from a small RGBA copy of it: pure, so it is tested without files.
 */
export interface PixelStats {
  brightness: number
  dominantColors: string[]
  /** Each everyday colour name's share of the picture, most common first (colourShares). */
  colourShares: { name: string; share: number }[]
  sharpness: number
  focus: { x: number; y: number }
  calmRegion: CalmRegion
}

/**
 * Sharpness and focus are measured on a copy this wide at most, the scale their thresholds
 * were set on: grain and fine texture have averaged out there, and what remains is the
 * picture's structure.
 */
const DETAIL_SIDE = 96

/**
 * Text spans most of a frame's width, so the calm region is a full-width band: the picture's
 * top, middle or bottom third. It is measured on the whole sample, where the fine texture of
 * sand, leaves or a crowd (which makes text hard to read) still shows. Bands are tried in this
 * order, and a later one wins only when clearly calmer (CALMER): captions conventionally sit
 * low, titles high, and a close call keeps to the convention.
 */
const BANDS = [2, 0, 1] as const
const CALMER = 0.9

const luma = (r: number, g: number, b: number) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255

const hex = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0')

/** Luma of a picture, row by row. */
interface Luma {
  lum: Float32Array
  width: number
  height: number
}

export function analyzePixels(
  data: Uint8ClampedArray | Uint8Array,
  width: number,
  height: number,
): PixelStats {
  const n = width * height
  const lum = new Float32Array(n)
  // Colours are counted in 4-bit-per-channel buckets; each bucket remembers its mean colour.
  const buckets = new Map<number, { count: number; r: number; g: number; b: number }>()
  let total = 0
  for (let i = 0; i < n; i++) {
    const r = data[i * 4]!
    const g = data[i * 4 + 1]!
    const b = data[i * 4 + 2]!
    const l = luma(r, g, b)
    lum[i] = l
    total += l
    const key = ((r >> 4) << 8) | ((g >> 4) << 4) | (b >> 4)
    const bucket = buckets.get(key) ?? { count: 0, r: 0, g: 0, b: 0 }
    bucket.count++
    bucket.r += r
    bucket.g += g
    bucket.b += b
    buckets.set(key, bucket)
  }
  const dominantColors = [...buckets.values()]
    .sort((a, b) => b.count - a.count)
    .slice(0, 5)
    .map((c) => `#${hex(c.r / c.count)}${hex(c.g / c.count)}${hex(c.b / c.count)}`)
  const picture = { lum, width, height }
  return {
    brightness: n > 0 ? total / n : 0,
    dominantColors,
    colourShares: colourShares(buckets.values(), n),
    ...detail(binned(picture, DETAIL_SIDE)),
    calmRegion: calmestBand(picture),
  }
}

/** A colour name is listed when it covers this share of the picture or more. */
const LISTED_COLOUR_SHARE = 0.01

/**
 * How much of the picture each everyday colour name covers, from the colour buckets: what the
 * narration may say of its colours (a sunset's orange spreads over many buckets, each smaller
 * than the one of its blue sky's corner).
 */
function colourShares(
  buckets: Iterable<{ count: number; r: number; g: number; b: number }>,
  n: number,
): PixelStats['colourShares'] {
  const counts = new Map<string, number>()
  for (const c of buckets) {
    const name = colourName(`#${hex(c.r / c.count)}${hex(c.g / c.count)}${hex(c.b / c.count)}`)
    counts.set(name, (counts.get(name) ?? 0) + c.count)
  }
  return [...counts]
    .map(([name, count]) => ({ name, share: Math.round((count / Math.max(1, n)) * 1000) / 1000 }))
    .filter((c) => c.share >= LISTED_COLOUR_SHARE)
    .sort((a, b) => b.share - a.share)
}

/** Gradient magnitude at pixel i, which has neighbours on all four sides. */
function edge({ lum, width }: Luma, i: number): number {
  const gx = lum[i + 1]! - lum[i - 1]!
  const gy = lum[i + width]! - lum[i - width]!
  return Math.sqrt(gx * gx + gy * gy)
}

/** The picture shrunk by averaging square blocks, to `side` pixels at most on its long side. */
function binned(p: Luma, side: number): Luma {
  const f = Math.max(1, Math.ceil(Math.max(p.width, p.height) / side))
  if (f === 1) return p
  const width = Math.ceil(p.width / f)
  const height = Math.ceil(p.height / f)
  const sums = new Float32Array(width * height)
  const counts = new Uint16Array(width * height)
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const j = Math.floor(y / f) * width + Math.floor(x / f)
      sums[j]! += p.lum[y * p.width + x]!
      counts[j]!++
    }
  }
  return { lum: sums.map((s, j) => s / counts[j]!), width, height }
}

/** Edge energy (gradient magnitude) measures detail; its centroid is where the subject likely is. */
function detail(p: Luma): Pick<PixelStats, 'sharpness' | 'focus'> {
  const { width, height } = p
  let energy = 0
  let ex = 0
  let ey = 0
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const e = edge(p, y * width + x)
      energy += e
      ex += e * x
      ey += e * y
    }
  }
  const inner = Math.max(1, (width - 2) * (height - 2))
  const centre = { x: 50, y: 50 }
  const focus =
    energy > 0
      ? {
          // Pulled halfway to the centre: a zoom aimed at an edge crops the picture badly.
          x: (centre.x + (100 * ex) / energy / Math.max(1, width - 1)) / 2,
          y: (centre.y + (100 * ey) / energy / Math.max(1, height - 1)) / 2,
        }
      : centre
  return {
    // A mean gradient of 0.25 is already a very busy picture.
    sharpness: Math.min(1, energy / inner / 0.25),
    focus: { x: round1(focus.x), y: round1(focus.y) },
  }
}

const bandOf = (y: number, height: number) => Math.min(2, Math.floor((3 * y) / height))

/** The band with the least edge energy per pixel, and the mean luma of its pixels. */
function calmestBand(p: Luma): CalmRegion {
  const { lum, width, height } = p
  const bandEnergy = [0, 0, 0]
  const bandPixels = [0, 0, 0]
  for (let y = 1; y < height - 1; y++) {
    const band = bandOf(y, height)
    for (let x = 1; x < width - 1; x++) {
      bandEnergy[band]! += edge(p, y * width + x)
      bandPixels[band]!++
    }
  }
  let best: number | null = null
  let bestEnergy = Infinity
  for (const band of BANDS) {
    // Too few rows to measure (a picture under three pixels tall) says nothing.
    if (bandPixels[band] === 0) continue
    const e = bandEnergy[band]! / bandPixels[band]!
    if (best === null || e < bestEnergy * CALMER) {
      best = band
      bestEnergy = e
    }
  }
  if (best === null) return { x: 0, y: 0, width: 100, height: 100, luma: round3(mean(lum)) }
  let sum = 0
  let count = 0
  for (let y = 0; y < height; y++) {
    if (bandOf(y, height) !== best) continue
    for (let x = 0; x < width; x++) sum += lum[y * width + x]!
    count += width
  }
  return {
    x: 0,
    y: round1((best * 100) / 3),
    width: 100,
    height: round1(100 / 3),
    luma: round3(count > 0 ? sum / count : 0),
  }
}

const mean = (values: Float32Array) =>
  values.length > 0 ? values.reduce((a, b) => a + b, 0) / values.length : 0
const round3 = (v: number) => Math.round(v * 1000) / 1000

const round1 = (v: number) => Math.round(v * 10) / 10

/** Hue ranges (degrees, upper bound exclusive) and their everyday names. */
const HUES: [number, string][] = [
  [15, 'red'],
  [40, 'orange'],
  [68, 'yellow'],
  [160, 'green'],
  [195, 'teal'],
  [255, 'blue'],
  [290, 'purple'],
  [345, 'pink'],
  [360, 'red'],
]

/**
 * The everyday colour name of a #rrggbb colour, read from its hue, saturation and lightness
 * (distances in RGB named dusky pinks grey and navy black): near-black, near-white and greyish
 * colours by their lightness; dark oranges are brown, light warm ones golden.
 */
export function colourName(hexColour: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(hexColour.slice(i, i + 2), 16) / 255) as [
    number,
    number,
    number,
  ]
  const max = Math.max(r, g, b)
  const min = Math.min(r, g, b)
  const l = (max + min) / 2
  const d = max - min
  const s = d === 0 ? 0 : d / (1 - Math.abs(2 * l - 1))
  if (!(l >= 0.08)) return 'black'
  if (l > 0.93) return 'white'
  if (s < 0.18) return l < 0.2 ? 'black' : l > 0.82 ? 'white' : 'grey'
  const h = (max === r ? ((g - b) / d + 6) % 6 : max === g ? (b - r) / d + 2 : (r - g) / d + 4) * 60
  if (h >= 15 && h < 50 && l < 0.4) return 'brown'
  if (h >= 35 && h < 60 && l > 0.65) return 'golden'
  return HUES.find(([end]) => h < end)![1]
}

const ACHROMATIC = new Set(['black', 'grey', 'white'])

/**
 * A colour covering this share of the picture or more may be said of it: less, and a viewer
 * would not call the picture that colour ("soft blue tones" over an orange sunset with a
 * corner of sky).
 */
export const SAYABLE_COLOUR_SHARE = 0.15

/**
 * The colour names that may be said of a picture, real colours before black, grey and white
 * (fireworks are more than "black"), each the more common first. Without measured shares (a
 * description made before them), the most common colour alone.
 */
export function sayableColours(d: {
  colourShares?: { name: string; share: number }[]
  dominantColors: string[]
}): string[] {
  if (!d.colourShares) return d.dominantColors.slice(0, 1).map(colourName)
  const names = d.colourShares.filter((c) => c.share >= SAYABLE_COLOUR_SHARE).map((c) => c.name)
  return [...names.filter((n) => !ACHROMATIC.has(n)), ...names.filter((n) => ACHROMATIC.has(n))]
}
