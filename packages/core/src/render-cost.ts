import { MAX_MOVIE_SECONDS, type Composition, type MovieParams } from './composition'
import { EFFECTS, type EffectName } from './effects'
import type { Framing } from './framing'
import { MAX_SLIDE_SECONDS } from './limits'
import { durationWithNarration, hasSpeech, NARRATION_PAUSE_SECONDS } from './narration'
import type { PlanType } from './plans'
import type { Slide } from './slide'
import { transitionDescriptor } from './transition'

/**
 * What rendering costs, in CPU seconds (drawing thread and ffmpeg together; a 2-core worker
 * takes about two thirds of that in wall time): each slide costs its seconds of video x its
 * megapixels x (base + the weights of its effects), plus the decoding of its media. Measured
 * with `npm run effect-cost -w @storyreel/bench` at 1080x1920 and 3840x3840, each effect at its
 * costliest params within the bounds, and rounded up: upper bounds (docs/decisions/004).
 */
export const RENDER_COST = {
  /**
   * Per second of video per megapixel, without effects: draw, read back, encode. Measured on a
   * moving picture (zoom, a clip): x264 codes a still one faster.
   */
  base: 1,
  /**
   * What each effect adds to the base, in the same unit; a camera (zoom, pan) is the base. Each
   * effect's descriptor declares its own (renderCost.weight).
   */
  effects: Object.fromEntries(EFFECTS.map((d) => [d.name, d.renderCost.weight])) as Record<
    EffectName,
    number
  >,
  /**
   * What a slide's framing adds to the base. A fitted picture's backdrop is blurred once per
   * slide at a few thousand pixels and scaled up under it on every frame; measured, x264 saves
   * more on the still, blurred bands than that costs (photo -0.04 to -0.12, clip -0.17).
   */
  framing: { cover: 0, fit: 0 } satisfies Record<Framing, number>,
  /** Per slide: decoding and scaling its media once. */
  perSlide: 0.5,
  /**
   * Per narrated slide: starting the voice, or a round trip to a speech service. Measured with
   * the embedded voice: 0.7 s to start and 0.12 s a second of speech, MP3 included.
   */
  perNarration: 2,
  /** Per second of narration (its bound): speaking it, placing and levelling the track. */
  speech: 0.2,
}

/**
 * The slowest reading the limits assume, characters a second. Measured: the embedded voices read
 * 15 to 17.8 characters a second of plain English; digits and symbols are read as words
 * ("1999": nineteen ninety-nine, 8 digits: 74 characters spoken) and count as SPOKEN_SYMBOL
 * characters each.
 */
export const NARRATION_CHARS_PER_SECOND = 10
const SPOKEN_SYMBOL = 8

/**
 * The longest a narration may take, seconds, from its text alone, so that what a render may
 * cost is known before any voice speaks: a slide is stretched by no more than this (the render
 * cuts a longer reading), and never beyond MAX_SLIDE_SECONDS.
 */
export function narrationSecondsBound(text: string | undefined): number {
  const trimmed = text?.trim() ?? ''
  const symbols = trimmed.match(/[^\p{L}\s.,;:!?'"()’‘“”…—–-]/gu)?.length ?? 0
  const chars = trimmed.length + symbols * (SPOKEN_SYMBOL - 1)
  return Math.min(chars / NARRATION_CHARS_PER_SECOND, MAX_SLIDE_SECONDS - NARRATION_PAUSE_SECONDS)
}

/**
 * How long a reading lasts in the video: the voice's own length, cut at the text's bound (the
 * render drops what a voice says past it). The render and the editor's lengths both use it.
 */
export function boundedNarrationSeconds(seconds: number, text: string): number {
  return Math.min(seconds, narrationSecondsBound(text))
}

/** Whether the slide is read aloud: a voice is chosen and the slide has something to say (hasSpeech). */
export function isNarrated(slide: Slide, voice: MovieParams['voice']): boolean {
  return voice !== null && hasSpeech(slide.narration)
}

/** The longest the slide can last once its narration stretches it, seconds. */
export function slideSecondsBound(slide: Slide, voice: MovieParams['voice']): number {
  if (!isNarrated(slide, voice)) return slide.duration
  return durationWithNarration(slide.duration, narrationSecondsBound(slide.narration))
}

/** The longest the video can last once narration stretches its slides, seconds. */
export function compositionSecondsBound(composition: Composition): number {
  const { voice } = composition.movieParams
  return composition.composition.reduce((sum, s) => sum + slideSecondsBound(s, voice), 0)
}

/**
 * Render work a plan may queue in one video, CPU seconds: FREE makes about five minutes of
 * 1080x1920 video with zoom, fades and titles, PRO about three minutes of the same at 3840x3840.
 */
export const RENDER_BUDGET_SECONDS: Record<PlanType, number> = {
  FREE: 15 * 60,
  STARTER: 30 * 60,
  PRO: 60 * 60,
}

/** Render work one second of this slide costs, CPU seconds. */
function costPerSecond(slide: Slide, movie: Pick<MovieParams, 'width' | 'height'>): number {
  const megapixels = (movie.width * movie.height) / 1e6
  const weight = slide.effects.reduce((sum, e) => sum + RENDER_COST.effects[e.name], 0)
  const framing = RENDER_COST.framing[slide.framing ?? 'cover']
  return megapixels * (RENDER_COST.base + weight + framing)
}

/**
 * Render work of the transition out of slide i, CPU seconds: through its length the frame draws
 * the next slide too (and blends them, about what a fade costs, already in the base). Counted at
 * the length asked for, which the render holds to the slides' durations: an upper bound.
 */
function transitionCost(slides: readonly Slide[], i: number, movie: MovieParams): number {
  const { transition } = slides[i]!
  const next = slides[i + 1]
  if (!transition || !next || !transitionDescriptor(transition.type).drawsBoth) return 0
  return (
    transition.duration * Math.max(costPerSecond(slides[i]!, movie), costPerSecond(next, movie))
  )
}

/**
 * Render work of the whole composition, CPU seconds: each slide as long as its narration may
 * stretch it, the narration spoken, and the second slide drawn through each transition.
 */
export function renderCost(composition: Composition): number {
  const { movieParams } = composition
  return composition.composition.reduce((sum, slide, i, slides) => {
    const seconds = slideSecondsBound(slide, movieParams.voice)
    const speech = isNarrated(slide, movieParams.voice)
      ? RENDER_COST.perNarration + RENDER_COST.speech * narrationSecondsBound(slide.narration)
      : 0
    const drawing = seconds * costPerSecond(slide, movieParams)
    return sum + RENDER_COST.perSlide + speech + drawing + transitionCost(slides, i, movieParams)
  }, 0)
}

/** Within the plan's render work, and no longer than MAX_MOVIE_SECONDS once narrated. */
export function isWithinRenderBudget(composition: Composition, plan: PlanType): boolean {
  return (
    compositionSecondsBound(composition) <= MAX_MOVIE_SECONDS &&
    renderCost(composition) <= RENDER_BUDGET_SECONDS[plan]
  )
}

/**
 * A render run is stopped after `factor` times its estimated cost (room for a busy machine: a
 * second render beside it about doubles the wall time), and never before `minSeconds` (starting
 * a render takes a few seconds whatever its length).
 */
export const DEFAULT_RENDER_TIME_LIMIT: RenderTimeLimit = { factor: 4, minSeconds: 60 }
export interface RenderTimeLimit {
  factor: number
  minSeconds: number
}

/**
 * The wall-clock limit of one render run, seconds: proportional to the video's length weighted by
 * its pixels and effects (its estimated cost).
 */
export function renderTimeLimitSeconds(
  composition: Composition,
  limit: RenderTimeLimit = DEFAULT_RENDER_TIME_LIMIT,
): number {
  return Math.max(limit.minSeconds, limit.factor * renderCost(composition))
}
