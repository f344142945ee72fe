import { effectDescriptor, transitionAt, type Slide } from '@storyreel/core'
import { FPS } from '../engine/frame'

/** Where playback is: a slide and seconds from its start. */
export interface Playhead {
  slideIndex: number
  t: number
}

/** 'slide' plays the current slide once; 'video' goes on through the slides after it. */
export type PlayMode = 'slide' | 'video'

export interface ClockStep extends Playhead {
  /** Playback reached the end (of the slide, or of the last slide) and stops there. */
  ended: boolean
}

/** A frame's worth of a second below the end still counts as the end (float noise). */
const EPSILON = 1e-6

/**
 * The playhead `dt` seconds later. In 'slide' mode it stops at the slide's end; in 'video'
 * mode it carries the overshoot into the next slides and stops at the end of the last.
 */
export function advance(
  head: Playhead,
  dt: number,
  durations: readonly number[],
  mode: PlayMode,
): ClockStep {
  let { slideIndex } = head
  let t = head.t + Math.max(0, dt)
  for (;;) {
    const duration = durations[slideIndex] ?? 0
    if (t < duration - EPSILON) return { slideIndex, t, ended: false }
    if (mode === 'slide' || slideIndex >= durations.length - 1) {
      return { slideIndex, t: duration, ended: true }
    }
    t -= duration
    slideIndex++
  }
}

/**
 * Where Play starts from: the playhead, or the beginning when it sits at the end (of the slide,
 * or in 'video' mode of the whole video), as a media player replays a finished video.
 */
export function playFrom(head: Playhead, durations: readonly number[], mode: PlayMode): Playhead {
  const duration = durations[head.slideIndex] ?? 0
  const atEnd = head.t >= duration - 0.5 / FPS
  if (!atEnd) return head
  if (mode === 'slide') return { slideIndex: head.slideIndex, t: 0 }
  // Mid-video, advance() carries on into the next slide.
  return head.slideIndex < durations.length - 1 ? head : { slideIndex: 0, t: 0 }
}

/** t kept within the slide, [0, duration]. */
export function clampTime(t: number, duration: number): number {
  return Math.min(Math.max(Number.isFinite(t) ? t : 0, 0), Math.max(0, duration))
}

/** The longest step a frame may take: a tab back from the background resumes, not jumps. */
export const MAX_STEP_SECONDS = 0.25

/**
 * Where a paused preview opens slide `index`: once every effect shows what it is there for (each
 * descriptor's shownAfter: its fades and its first text have come in) and the transition into
 * it has ended, so the editor shows the picture and its words rather than the black first frame
 * of a fade-in or the slide before it. Never past the slide's middle.
 */
export function posterTime(slides: readonly Slide[], index: number): number {
  const slide = slides[index]
  if (!slide) return 0
  let shown = (transitionAt(slides, index - 1)?.duration ?? 0) / 2
  for (const { name, params } of slide.effects) {
    shown = Math.max(shown, effectDescriptor(name).shownAfter?.(params) ?? 0)
  }
  return Math.min(slide.duration / 2, shown)
}
