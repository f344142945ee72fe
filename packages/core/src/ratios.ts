import { z } from 'zod'

export const RatioSchema = z.enum(['16:9', '1:1', '4:5', '9:16'])
export type Ratio = z.infer<typeof RatioSchema>

/**
 * The four formats of the /format screen, captioned in SPEC section 2's words. `width` and
 * `height` are the media query size sent to stock providers (SPEC section 9), which is also
 * each format's 1080p frame.
 */
export const RATIOS: Record<
  Ratio,
  { label: string; description: string; width: number; height: number }
> = {
  '16:9': { label: '16:9', description: 'YouTube and widescreen', width: 1920, height: 1080 },
  '1:1': { label: '1:1', description: 'feeds', width: 1080, height: 1080 },
  '4:5': { label: '4:5', description: 'stories, ads', width: 864, height: 1080 },
  '9:16': {
    label: '9:16',
    description: 'vertical short-video platforms',
    width: 1080,
    height: 1920,
  },
}

/** Media query size when no ratio is chosen (SPEC section 9). */
export const DEFAULT_MEDIA_QUERY_SIZE = { width: 1920, height: 1090 } as const

export function ratioValue(ratio: Ratio): number {
  const [w, h] = ratio.split(':').map(Number) as [number, number]
  return w / h
}

/** H.264 with yuv420p needs even dimensions. */
function even(n: number): number {
  return Math.max(2, Math.round(n / 2) * 2)
}

/**
 * Rescales a movie size to the chosen ratio while keeping its area (SPEC section 9):
 * 1920x1080 becomes 1080x1920 for 9:16, 1440x1440 for 1:1 and 1288x1610 for 4:5.
 */
export function rescaleToRatio(
  width: number,
  height: number,
  ratio: Ratio,
): { width: number; height: number } {
  const area = width * height
  const r = ratioValue(ratio)
  const w = even(Math.sqrt(area * r))
  return { width: w, height: even(w / r) }
}
