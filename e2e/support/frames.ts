import { rawFrame } from './media'

/** One frame of a video as RGB pixels, scaled down to `width` columns. */
export interface Frame {
  width: number
  height: number
  /** rgb24, row by row. */
  data: Buffer
}

export async function grabFrame(file: string, seconds: number, width = 96): Promise<Frame> {
  const data = await rawFrame(file, seconds, width, 'rgb24')
  return { width, height: data.length / (width * 3), data }
}

export interface Rgb {
  r: number
  g: number
  b: number
}

export function meanRgb({ data }: Frame): Rgb {
  const sum = { r: 0, g: 0, b: 0 }
  for (let i = 0; i < data.length; i += 3) {
    sum.r += data[i]!
    sum.g += data[i + 1]!
    sum.b += data[i + 2]!
  }
  const n = data.length / 3
  return { r: sum.r / n, g: sum.g / n, b: sum.b / n }
}

/** Pure hues of test pictures (ffmpeg's colour names), to tell slides apart in a video. */
export const HUES = {
  red: { r: 255, g: 0, b: 0 },
  lime: { r: 0, g: 255, b: 0 },
  blue: { r: 0, g: 0, b: 255 },
  yellow: { r: 255, g: 255, b: 0 },
  magenta: { r: 255, g: 0, b: 255 },
} as const
export type Hue = keyof typeof HUES

/** The nearest pure hue, brightness aside (fades and vignettes darken, they do not shift hue). */
export function hueOf(color: Rgb): Hue {
  const scale = (c: Rgb) => {
    const max = Math.max(c.r, c.g, c.b, 1)
    return { r: c.r / max, g: c.g / max, b: c.b / max }
  }
  const c = scale(color)
  let best: Hue = 'red'
  let bestDistance = Infinity
  for (const [name, pure] of Object.entries(HUES) as [Hue, Rgb][]) {
    const p = scale(pure)
    const d = (c.r - p.r) ** 2 + (c.g - p.g) ** 2 + (c.b - p.b) ** 2
    if (d < bestDistance) {
      bestDistance = d
      best = name
    }
  }
  return best
}

export function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.replace('#', ''), 16)
  return { r: (n >> 16) & 255, g: (n >> 8) & 255, b: n & 255 }
}

/**
 * Where white pixels (all channels above `threshold`) sit, in percent of the frame, and how
 * many there are: white text on a pure-hue picture.
 */
export function whiteCentroid(
  frame: Frame,
  threshold = 200,
): { x: number; y: number; count: number } {
  let sx = 0
  let sy = 0
  let count = 0
  for (let y = 0; y < frame.height; y++) {
    for (let x = 0; x < frame.width; x++) {
      const i = (y * frame.width + x) * 3
      if (
        frame.data[i]! > threshold &&
        frame.data[i + 1]! > threshold &&
        frame.data[i + 2]! > threshold
      ) {
        sx += x + 0.5
        sy += y + 0.5
        count++
      }
    }
  }
  return count === 0
    ? { x: Number.NaN, y: Number.NaN, count }
    : { x: (sx / count / frame.width) * 100, y: (sy / count / frame.height) * 100, count }
}
