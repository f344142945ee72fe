import {
  transitionAt,
  type BoundaryTransition,
  type DrawnTransitionType,
  type TimedSlide,
} from '@storyreel/core'
import { clamp01 } from './easing'
import { FPS } from './frame'
import type { MakeLayer, Scene } from './types'

/** One slide as a frame shows it: which one, and at what time from its start. */
export interface Shot {
  slideIndex: number
  t: number
  /**
   * Held still on its first or last frame while the other slide of a transition plays (a clip
   * waits rather than runs past its ends).
   */
  held: boolean
}

/** What the video shows at one instant: a slide, or two meeting in a transition. */
export interface Moment {
  /** The slide shown; during a transition, the one going out. */
  from: Shot
  /** During a transition: its type, the slide coming in, and how far it has gone, 0..1. */
  transition?: { type: DrawnTransitionType; to: Shot; progress: number }
}

/** A slide's last frame, seconds from its start: the fade effect ends there too. */
const lastFrame = (duration: number) => Math.max(0, duration - 1 / FPS)

/** Slide i going out at t seconds from its start, inside its transition into slide i + 1. */
function between(
  slides: readonly TimedSlide[],
  i: number,
  t: number,
  transition: BoundaryTransition,
): Moment {
  const { duration } = slides[i]!
  const last = lastFrame(duration)
  return {
    from: { slideIndex: i, t: Math.min(t, last), held: t > last },
    transition: {
      type: transition.type,
      progress: clamp01((t - (duration - transition.duration / 2)) / transition.duration),
      to: { slideIndex: i + 1, t: Math.max(0, t - duration), held: t < duration },
    },
  }
}

/**
 * What the video shows t seconds into slide `slideIndex`. A transition is centred on its
 * boundary (transitionAt): it starts half its length before the slide's end and ends half its
 * length into the next, so the video lasts as long as its slides with transitions or without.
 * Through it each slide keeps its own time, the one going out held on its last frame once its
 * time is up, the one coming in held on its first until its time begins. Its first instant
 * (progress 0) is the slide alone, and counts as no transition.
 */
export function momentAt(slides: readonly TimedSlide[], slideIndex: number, t: number): Moment {
  const own: Moment = { from: { slideIndex, t, held: false } }
  const slide = slides[slideIndex]
  if (!slide) return own
  const out = transitionAt(slides, slideIndex)
  if (out && t > slide.duration - out.duration / 2) return between(slides, slideIndex, t, out)
  const into = transitionAt(slides, slideIndex - 1)
  if (into && t < into.duration / 2) {
    return between(slides, slideIndex - 1, slides[slideIndex - 1]!.duration + t, into)
  }
  return own
}

/** The shots of a moment: the slide shown, and the one coming in during a transition. */
export function shotsOf(moment: Moment): Shot[] {
  return moment.transition ? [moment.from, moment.transition.to] : [moment.from]
}

/**
 * What drawFrame draws at a moment: the shown slide's scene, and during a transition the scene
 * of the slide coming in with it (`to`, built by the caller from its own media).
 */
export function momentScene(
  moment: Moment,
  from: Scene,
  to: Scene | undefined,
  makeLayer: MakeLayer,
): Scene {
  const { transition } = moment
  if (!transition || !to) return from
  const { type, progress } = transition
  return { ...from, transition: { type, progress, to, t: transition.to.t, makeLayer } }
}
