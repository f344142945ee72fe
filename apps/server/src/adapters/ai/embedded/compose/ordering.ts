import type { ImageDescription } from '@storyreel/core'

/**
 * The order of the slides. The person chose an order on the upload screen, so it is kept with
 * two exceptions, both stable (equal cases keep their order) and both moving pictures only, so
 * clips always keep their relative order:
 * 1. The opener sets the tone of the whole video: when a later picture is clearly stronger
 *    (well lit, detailed, colourful) than the first, it moves to the front; the rest keep
 *    their order behind it.
 * 2. Two near-identical pictures back to back (a burst of shots) look like a stutter: the
 *    second trades places with the next picture that differs, looking a few places ahead.
 */
export function orderMedia(descriptions: readonly ImageDescription[]): ImageDescription[] {
  return separateLookAlikes(withOpener(descriptions))
}

/** How much better a picture must score than the first to replace it as the opener. */
const OPENER_MARGIN = 0.2
/** A clip opens the video unless a picture scores at least this: motion also draws the eye. */
const STRONG_OPENER = 0.55
/**
 * Only a picture with some detail (sharpness) may be moved up to open: one flat picture is no
 * stronger an opener than another, and the person's order wins.
 */
const OPENER_DETAIL = 0.1
/** How many places ahead a look-alike's replacement is looked for: the order stays the person's. */
const LOOK_AHEAD = 3

/**
 * How well a picture opens the video, 0..1: well lit (anything between murky and blown out
 * will do), detailed (a clear subject), and colourful.
 */
export function openerScore(d: ImageDescription): number {
  const b = d.brightness
  const light = b < 0.4 ? Math.max(0, (b - 0.1) / 0.3) : b > 0.8 ? Math.max(0, (1 - b) / 0.2) : 1
  const detail = Math.min(1, d.sharpness / 0.45)
  return 0.5 * light + 0.35 * detail + 0.15 * colourfulness(d)
}

function withOpener(ds: readonly ImageDescription[]): ImageDescription[] {
  const first = ds[0]
  if (!first) return []
  let best = -1
  let bestScore = first.kind === 'image' ? openerScore(first) + OPENER_MARGIN : STRONG_OPENER
  ds.forEach((d, i) => {
    if (i > 0 && d.kind === 'image' && d.sharpness >= OPENER_DETAIL && openerScore(d) > bestScore) {
      best = i
      bestScore = openerScore(d)
    }
  })
  return best < 0 ? [...ds] : [ds[best]!, ...ds.slice(0, best), ...ds.slice(best + 1)]
}

function separateLookAlikes(ds: ImageDescription[]): ImageDescription[] {
  const out = [...ds]
  for (let i = 1; i < out.length; i++) {
    if (out[i]!.kind !== 'image' || !looksAlike(out[i - 1]!, out[i]!)) continue
    const j = out.findIndex(
      (d, k) => k > i && k <= i + LOOK_AHEAD && d.kind === 'image' && !looksAlike(out[i - 1]!, d),
    )
    if (j > 0) [out[i], out[j]] = [out[j]!, out[i]!]
  }
  return out
}

type Rgb = [number, number, number]

function rgb(hex: string): Rgb | null {
  const m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex)
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)] : null
}

const topColours = (d: ImageDescription) =>
  d.dominantColors
    .slice(0, 3)
    .map(rgb)
    .filter((c): c is Rgb => c !== null)

/** Mean saturation (0..1) of the leading colours: how colourful the picture reads. */
function colourfulness(d: ImageDescription): number {
  const colours = topColours(d)
  if (colours.length === 0) return 0
  const saturation = ([r, g, b]: Rgb) => {
    const max = Math.max(r, g, b)
    return max === 0 ? 0 : (max - Math.min(r, g, b)) / max
  }
  return colours.reduce((sum, c) => sum + saturation(c), 0) / colours.length
}

/** RGB distance under which two dominant colours count as the same. */
const SAME_COLOUR = 40

/**
 * Two pictures that look the same at a glance: same shape, same light and detail, and the same
 * leading colours in the same order.
 */
export function looksAlike(a: ImageDescription, b: ImageDescription): boolean {
  const ca = topColours(a)
  const cb = topColours(b)
  const n = Math.min(ca.length, cb.length)
  if (n === 0 || a.orientation !== b.orientation) return false
  for (let i = 0; i < n; i++) {
    const d = Math.hypot(ca[i]![0] - cb[i]![0], ca[i]![1] - cb[i]![1], ca[i]![2] - cb[i]![2])
    if (d > SAME_COLOUR) return false
  }
  return Math.abs(a.brightness - b.brightness) < 0.06 && Math.abs(a.sharpness - b.sharpness) < 0.1
}
