import { FPS, type Composition, type MovieParams } from './composition'
import type { EffectName } from './effects'
import type { PlanType } from './plans'
import type { Slide } from './slide'

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
  /** What each effect adds to the base, in the same unit; a camera (zoom, pan) is the base. */
  effects: {
    zoom: 0,
    pan: 0,
    fade: 0.25,
    vignette: 0.4,
    // Its radius grows with the frame: 0.33 at 1080x1920, 1.41 at 3840x3840.
    blur: 1.5,
    distort: 2,
    // Measured at about nothing beside the frame's pixels, even 500 outlined characters.
    animated_text: 0.1,
    stream_text: 0.1,
  } satisfies Record<EffectName, number>,
  /** Per slide: decoding and scaling its media once. */
  perSlide: 0.5,
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
  return megapixels * (RENDER_COST.base + weight)
}

/** Render work of the whole composition, CPU seconds. */
export function renderCost(composition: Composition): number {
  return composition.composition.reduce(
    (sum, slide) =>
      sum + RENDER_COST.perSlide + slide.duration * costPerSecond(slide, composition.movieParams),
    0,
  )
}

export function isWithinRenderBudget(composition: Composition, plan: PlanType): boolean {
  return renderCost(composition) <= RENDER_BUDGET_SECONDS[plan]
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

/** Limits of the editor's preview frames, drawn one at a time per user off the event loop. */
export const PREVIEW_FRAME_LIMITS = {
  /** Estimated work of one frame, CPU seconds: a 4K frame with a distort and a blur passes. */
  maxCostSeconds: 3,
  /** A frame still drawing after this is stopped. */
  timeLimitMs: 6000,
  /** Frames a user may ask for per second. */
  perSecond: 10,
}

/** Estimated work of one preview frame of this slide, CPU seconds. */
export function previewFrameCost(
  slide: Slide,
  movie: Pick<MovieParams, 'width' | 'height'>,
): number {
  return RENDER_COST.perSlide + costPerSecond(slide, movie) / FPS
}
