import {
  durationWithNarration,
  estimateNarrationSeconds,
  MAX_MOVIE_SECONDS,
  MAX_SLIDE_SECONDS,
  narrationSecondsBound,
  narrationWords,
  type ImageDescription,
} from '@storyreel/core'
import { MANY_SLIDES, type ToneStyle } from './tone'

/** A clip plays at its own length, within these bounds, seconds. */
export const VIDEO_MIN_SECONDS = 2
export const VIDEO_MAX_SECONDS = 10
/** A pan needs longer than a zoom: it travels the panorama's whole width. */
const PAN_EXTRA_SECONDS = 1.5
/** The last slide lingers, so the ending does not feel cut off. */
const LAST_EXTRA_SECONDS = 1
/** Characters a second a viewer comfortably reads on screen (subtitle guidelines say 15-17). */
const READING_CHARS_PER_SECOND = 15
/** Time after the text is read before the slide ends, seconds. */
const READING_TAIL_SECONDS = 1

/**
 * Each slide's narration may take at most this long, seconds, estimated from its text alone
 * (narrationSecondsBound, the bound the render budget uses: 160 characters, a long sentence).
 * Ten slides narrated that long stay within the FREE plan's render budget. With many slides it
 * shrinks so the whole movie stays well inside MAX_MOVIE_SECONDS however the voice stretches
 * the slides (50 slides: 9 s each).
 */
export function narrationCapSeconds(slideCount: number): number {
  const share = (MAX_MOVIE_SECONDS * 0.85) / Math.max(1, slideCount) - 1.2
  return Math.max(3, Math.min(16, share))
}

/**
 * The text cut, at a word when it can, to what fits in `maxSeconds` by both the speaking
 * estimate and the render's bound; a cut ends in an ellipsis (the voice pauses there).
 * Prefix length is searched by halving: both measures only grow with the text.
 */
export function fitNarration(text: string, maxSeconds: number): string {
  const fits = (t: string) =>
    estimateNarrationSeconds(t) <= maxSeconds && narrationSecondsBound(t) <= maxSeconds
  if (fits(text)) return text
  const cutAt = (n: number) => `${text.slice(0, n).trimEnd()}…`
  let lo = 0
  let hi = text.length
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2)
    if (fits(cutAt(mid))) lo = mid
    else hi = mid - 1
  }
  const space = text.lastIndexOf(' ', lo)
  const cut = space > lo / 2 ? text.slice(0, space) : text.slice(0, lo)
  return narrationWords(cut).length > 0 ? `${cut.replace(/[\s,;:–—-]+$/, '')}…` : ''
}

const round1 = (v: number) => Math.round(v * 10) / 10

/**
 * The share of the tone's time a narrated picture keeps before its narration is counted: enough
 * to take it in, the tone's pace kept; the narration then sizes the slide (slideSeconds), so that
 * speech fills most of the video rather than a short line over a long slide.
 */
export const NARRATED_PICTURE_SHARE = 0.6

/**
 * A slide's time on screen before its text and narration are counted, seconds: a clip's own
 * length; for a picture the tone's time, NARRATED_PICTURE_SHARE of it when it is narrated.
 */
export function baseSeconds(
  d: ImageDescription,
  slideCount: number,
  style: ToneStyle,
  opts: { pans: boolean; narrated: boolean },
): number {
  if (d.kind === 'video' && d.duration) {
    return round1(Math.min(VIDEO_MAX_SECONDS, Math.max(VIDEO_MIN_SECONDS, d.duration)))
  }
  const toned = slideCount > MANY_SLIDES ? style.imageSecondsMany : style.imageSeconds
  const seconds = opts.narrated ? round1(toned * NARRATED_PICTURE_SHARE) : toned
  return seconds + (opts.pans ? PAN_EXTRA_SECONDS : 0)
}

/**
 * How long the slide lasts: its base time, stretched so a viewer can read its text (from when
 * it has appeared whole, after `revealSeconds` of typing out) and the voice can say its
 * narration (core's durationWithNarration, the rule the render applies too); the last slide
 * lingers a little.
 */
export function slideSeconds(opts: {
  base: number
  textStart: number
  text: string | null
  revealSeconds: number
  narration: string
  last: boolean
}): number {
  const reading = opts.text
    ? opts.textStart +
      opts.revealSeconds +
      opts.text.length / READING_CHARS_PER_SECOND +
      READING_TAIL_SECONDS
    : 0
  const shown = Math.max(opts.base, reading) + (opts.last ? LAST_EXTRA_SECONDS : 0)
  const seconds = durationWithNarration(round1(shown), estimateNarrationSeconds(opts.narration))
  return Math.min(MAX_SLIDE_SECONDS, round1(seconds))
}
