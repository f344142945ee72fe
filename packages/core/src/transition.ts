import { z } from 'zod'
import { numberIn, type SliderRange } from './effects/descriptor'

/**
 * How one slide turns into the next (issue 34): a dissolve blends them, a dip goes through
 * black, a push slides the next one in, a wipe uncovers it, a cut switches at once.
 */
export const TRANSITION_TYPES = ['dissolve', 'dip', 'push', 'wipe', 'cut'] as const
export type TransitionType = (typeof TRANSITION_TYPES)[number]
/** The transitions that take time, drawn by the engine; a cut is only a boundary. */
export type DrawnTransitionType = Exclude<TransitionType, 'cut'>

/** A transition's length in the editor, seconds. */
export const TRANSITION_SLIDER: SliderRange = { min: 0.2, max: 3, step: 0.1 }

/** A new composition's boundaries, and a new slide's: a short dissolve. */
export const DEFAULT_TRANSITION = { type: 'dissolve', duration: 0.8 } as const satisfies {
  type: TransitionType
  duration: number
}

/**
 * The transition from a slide into the next. Its length is centred on the boundary, half at
 * the end of this slide and half at the start of the next, so the video lasts the sum of its
 * slides' durations with transitions or without. A cut has no length (the one set is kept for
 * when another type is chosen again).
 */
export const TransitionSchema = z.object({
  type: z.enum(TRANSITION_TYPES),
  duration: numberIn({ min: 0, max: TRANSITION_SLIDER.max }).default(DEFAULT_TRANSITION.duration),
})
export type Transition = z.infer<typeof TransitionSchema>

/** The icons of the transition picker, by their lucide name (core does not depend on React). */
export type TransitionIconName =
  'blend' | 'moon' | 'move-left' | 'square-split-horizontal' | 'scissors'

/** What the app knows about a transition type besides drawing it (the engine's module does). */
export interface TransitionDescriptor {
  type: TransitionType
  label: string
  icon: TransitionIconName
  /**
   * Both slides are drawn through its length (a dissolve, a push, a wipe), which the render's
   * cost counts; a dip shows one slide at a time, a cut none twice.
   */
  drawsBoth: boolean
}

/** Every type, in the order of the editor's picker. */
export const TRANSITIONS: readonly TransitionDescriptor[] = [
  { type: 'dissolve', label: 'Dissolve', icon: 'blend', drawsBoth: true },
  { type: 'dip', label: 'Dip to black', icon: 'moon', drawsBoth: false },
  { type: 'push', label: 'Push', icon: 'move-left', drawsBoth: true },
  { type: 'wipe', label: 'Wipe', icon: 'square-split-horizontal', drawsBoth: true },
  { type: 'cut', label: 'Cut', icon: 'scissors', drawsBoth: false },
]

export function transitionDescriptor(type: TransitionType): TransitionDescriptor {
  return TRANSITIONS.find((d) => d.type === type)!
}

/** What transitionAt reads of a slide. */
export interface TimedSlide {
  duration: number
  transition?: Transition
}

/** A transition as drawn at one boundary: its type and its length there, seconds. */
export interface BoundaryTransition {
  type: DrawnTransitionType
  duration: number
}

/**
 * The transition drawn where slide i meets slide i+1, or null for a cut. A slide without a
 * transition is one of a composition made before transitions existed: its slides meet in a cut,
 * each fading in and out by its own fade effect, exactly as such a video always rendered (new
 * compositions carry the field on every slide). Nothing follows the last slide: its transition
 * waits for a slide added after it. The length is held to each neighbour's duration, so that
 * half of it never takes more than half of either slide and a slide's two transitions never
 * meet.
 */
export function transitionAt(slides: readonly TimedSlide[], i: number): BoundaryTransition | null {
  const slide = slides[i]
  const next = slides[i + 1]
  const transition = slide?.transition
  if (!slide || !next || !transition || transition.type === 'cut') return null
  const duration = Math.min(transition.duration, slide.duration, next.duration)
  return duration > 0 ? { type: transition.type, duration } : null
}
