import type { Playhead } from '@storyreel/render/browser'

/** A slide's place in the video, seconds. */
export interface Span {
  start: number
  seconds: number
}

/** Where each slide starts in the video and how long it lasts, from the slides' lengths. */
export function spans(durations: readonly number[]): Span[] {
  let start = 0
  return durations.map((seconds) => {
    const span = { start, seconds }
    start += seconds
    return span
  })
}

/** Seconds from the video's start to the playhead. */
export function videoTime(durations: readonly number[], head: Playhead): number {
  const before = durations.slice(0, head.slideIndex).reduce((sum, d) => sum + d, 0)
  return before + head.t
}

/**
 * The playhead at `time` seconds into the video: a boundary belongs to the slide it starts, the
 * end to the last slide; a time outside the video is held to it.
 */
export function headAt(durations: readonly number[], time: number): Playhead {
  let rest = Math.max(0, Number.isFinite(time) ? time : 0)
  for (const [slideIndex, duration] of durations.entries()) {
    if (rest < duration || slideIndex === durations.length - 1) {
      return { slideIndex, t: Math.min(rest, duration) }
    }
    rest -= duration
  }
  return { slideIndex: 0, t: 0 }
}

/** The labelled ruler's steps, seconds: a person reads these at a glance. */
const STEPS = [0.5, 1, 2, 5, 10, 15, 30, 60, 120]

/** The finest ruler step whose labels sit at least `minGap` pixels apart. */
export function rulerStep(pxPerSecond: number, minGap = 64): number {
  return STEPS.find((step) => step * pxPerSecond >= minGap) ?? STEPS.at(-1)!
}

/** The ruler's labelled times from 0, up to `last` seconds (where a label still fits). */
export function rulerTicks(last: number, step: number): number[] {
  const count = Math.max(0, Math.floor(last / step + 1e-6))
  return Array.from({ length: count + 1 }, (_, i) => Math.round(i * step * 10) / 10)
}

/** '0:05', '1:30': a ruler's label; halves show as '0:02.5'. */
export function rulerLabel(seconds: number): string {
  const whole = Math.floor(seconds)
  const half = seconds - whole >= 0.5 ? '.5' : ''
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}${half}`
}

/** What an arrow key moves (the playhead, an edge), seconds; with Shift, a whole second. */
export function keyStep(key: string, shift: boolean): number | null {
  const size = shift ? 1 : 0.1
  if (key === 'ArrowRight' || key === 'ArrowUp') return size
  if (key === 'ArrowLeft' || key === 'ArrowDown') return -size
  return null
}
