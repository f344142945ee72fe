/**
 * What a picture looks like, from a small RGBA copy of it: pure, so it is tested without files.
 */
export interface PixelStats {
  brightness: number
  dominantColors: string[]
  sharpness: number
  focus: { x: number; y: number }
}

const luma = (r: number, g: number, b: number) => (0.2126 * r + 0.7152 * g + 0.0722 * b) / 255

const hex = (n: number) =>
  Math.round(Math.min(255, Math.max(0, n)))
    .toString(16)
    .padStart(2, '0')

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

  // Edge energy (gradient magnitude) measures detail; its centroid is where the subject likely is.
  let energy = 0
  let ex = 0
  let ey = 0
  for (let y = 1; y < height - 1; y++) {
    for (let x = 1; x < width - 1; x++) {
      const i = y * width + x
      const gx = lum[i + 1]! - lum[i - 1]!
      const gy = lum[i + width]! - lum[i - width]!
      const e = Math.sqrt(gx * gx + gy * gy)
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
    brightness: n > 0 ? total / n : 0,
    dominantColors,
    // A mean gradient of 0.25 is already a very busy picture.
    sharpness: Math.min(1, energy / inner / 0.25),
    focus: { x: round1(focus.x), y: round1(focus.y) },
  }
}

const round1 = (v: number) => Math.round(v * 10) / 10

const NAMED_COLOURS: [string, number, number, number][] = [
  ['black', 0, 0, 0],
  ['white', 255, 255, 255],
  ['grey', 128, 128, 128],
  ['red', 200, 40, 40],
  ['orange', 240, 140, 30],
  ['yellow', 235, 210, 50],
  ['green', 60, 160, 60],
  ['teal', 30, 140, 140],
  ['blue', 40, 90, 200],
  ['purple', 130, 60, 170],
  ['pink', 235, 120, 170],
  ['brown', 120, 80, 40],
]

/** The nearest everyday colour name of a #rrggbb colour. */
export function colourName(hexColour: string): string {
  const r = parseInt(hexColour.slice(1, 3), 16)
  const g = parseInt(hexColour.slice(3, 5), 16)
  const b = parseInt(hexColour.slice(5, 7), 16)
  let best = NAMED_COLOURS[0]!
  let bestD = Infinity
  for (const c of NAMED_COLOURS) {
    const d = (c[1] - r) ** 2 + (c[2] - g) ** 2 + (c[3] - b) ** 2
    if (d < bestD) {
      bestD = d
      best = c
    }
  }
  return best[0]
}
