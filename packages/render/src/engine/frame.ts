import { FPS, type Slide } from '@storyreel/core'
import { hashString } from './random'
import type { FrameInfo, Media } from './types'

export { FPS }

/** Sizes given "in pixels at 1080" (font size, border, blur, displacement) scale by this. */
export function unitScale(width: number, height: number): number {
  return Math.min(width, height) / 1080
}

export function frameInfo(
  width: number,
  height: number,
  slide: Slide,
  media: Media | null,
): FrameInfo {
  return {
    width,
    height,
    duration: slide.duration,
    mediaWidth: media?.width ?? 0,
    mediaHeight: media?.height ?? 0,
    framing: slide.framing ?? 'cover',
    seed: hashString(slide.id),
  }
}

/** Number of frames of each slide, cut so that slide boundaries fall on the nearest frame. */
export function slideFrameCounts(durations: readonly number[]): number[] {
  let elapsed = 0
  let done = 0
  return durations.map((d) => {
    elapsed += d
    const end = Math.round(elapsed * FPS)
    const n = Math.max(1, end - done)
    done += n
    return n
  })
}

/** Where each slide starts and ends in the video, seconds: on the frames slideFrameCounts cuts. */
export function slideSpans(durations: readonly number[]): { start: number; end: number }[] {
  let done = 0
  return slideFrameCounts(durations).map((n) => {
    const span = { start: done / FPS, end: (done + n) / FPS }
    done += n
    return span
  })
}
