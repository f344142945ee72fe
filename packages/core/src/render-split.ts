/** Frames [start, end) of a video: one piece of a split render (decision 016). */
export interface FrameRange {
  start: number
  end: number
}

/**
 * How far a cut may move, as a share of the even range's length, to land on a slide boundary.
 * A seam on a boundary falls on a hard cut, where the encoder's fresh keyframe costs nothing
 * visible, and the next range starts its slide (and its clip's decoding) from the beginning.
 */
export const SNAP_SHARE = 0.15

/**
 * Cuts a video (frames of each slide, in order) into ranges for `workers` idle workers, each at
 * least `minFrames` long so that its worker's set-up (loading, a fresh encoder, the join) is
 * paid back. Ranges are as even as the boundaries allow; one range (the whole video) means the
 * video is not worth splitting.
 */
export function planRanges(
  frameCounts: readonly number[],
  opts: { workers: number; minFrames: number },
): FrameRange[] {
  const total = frameCounts.reduce((a, b) => a + b, 0)
  const n = Math.max(1, Math.min(Math.floor(opts.workers), Math.floor(total / opts.minFrames)))
  if (n < 2 || total < 2) return [{ start: 0, end: total }]
  const boundaries: number[] = []
  let at = 0
  for (const count of frameCounts.slice(0, -1)) boundaries.push((at += count))
  const even = total / n
  const ranges: FrameRange[] = []
  let start = 0
  for (let i = 1; i < n; i++) {
    const ideal = Math.round(i * even)
    // The cut must leave this range and each one after it at least minFrames long.
    const lowest = start + opts.minFrames
    const highest = total - opts.minFrames * (n - i)
    const near = boundaries
      .filter((b) => Math.abs(b - ideal) <= even * SNAP_SHARE && b >= lowest && b <= highest)
      .sort((a, b) => Math.abs(a - ideal) - Math.abs(b - ideal))[0]
    const cut = near ?? Math.min(highest, Math.max(lowest, ideal))
    ranges.push({ start, end: cut })
    start = cut
  }
  ranges.push({ start, end: total })
  return ranges
}
