/** One size a provider offers of an item. */
export interface Rendition {
  url: string
  width: number
  height: number
}

export interface Frame {
  width: number
  height: number
}

export type Orientation = 'landscape' | 'portrait' | 'square'

/** The shape of the frame, for the providers' orientation filters; 5% off square is square. */
export function frameOrientation({ width, height }: Frame): Orientation {
  if (Math.abs(width - height) / Math.max(width, height) < 0.05) return 'square'
  return width > height ? 'landscape' : 'portrait'
}

/** The size of a picture shrunk to fit inside a box, keeping its shape; never enlarged. */
export function fitInside(width: number, height: number, box: Frame): Frame {
  const scale = Math.min(1, box.width / width, box.height / height)
  return { width: Math.round(width * scale), height: Math.round(height * scale) }
}

/** The width at which a picture just covers the frame (fills it, cropping the rest); never more than its own. */
export function coverWidth(width: number, height: number, frame: Frame): number {
  const scale = Math.min(1, Math.max(frame.width / width, frame.height / height))
  return Math.max(1, Math.round(width * scale))
}

/**
 * The rendition closest to the frame: the smallest that covers it without being enlarged, or
 * the largest when none does. Empty or sizeless renditions are skipped.
 */
export function pickRendition<R extends Rendition>(renditions: R[], frame: Frame): R | undefined {
  const usable = renditions
    .filter((r) => r.url !== '' && r.width > 0 && r.height > 0)
    .sort((a, b) => a.width * a.height - b.width * b.height)
  return usable.find((r) => r.width >= frame.width && r.height >= frame.height) ?? usable.at(-1)
}
