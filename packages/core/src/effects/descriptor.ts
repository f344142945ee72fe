import { z } from 'zod'
import type { Preset } from './preset'

/** A slider's bounds in the effect panel (SPEC section 5). */
export interface SliderRange {
  min: number
  max: number
  step: number
}

/** The range of a number without one of its own (SPEC section 5, "Other numbers"). */
export const DEFAULT_SLIDER: SliderRange = { min: 0, max: 100, step: 1 }

/**
 * A number within a range, for params schemas: what the editor's slider (or a preset) can
 * produce is accepted, anything beyond is refused before it reaches the render engine.
 */
export function numberIn(range: { min: number; max: number }) {
  return z.number().min(range.min).max(range.max)
}

type KeysOf<P, T> = { [K in keyof P]-?: NonNullable<P[K]> extends T ? K : never }[keyof P] & string

/**
 * The icons an effect may show in the editor's effect bar and Add effect menu, by their lucide
 * name. A fixed set that the web app draws: core names an icon without depending on React.
 */
export type EffectIconName =
  | 'aperture'
  | 'captions'
  | 'contrast'
  | 'droplets'
  | 'film'
  | 'move-horizontal'
  | 'palette'
  | 'sparkles'
  | 'sun-dim'
  | 'type'
  | 'waves'
  | 'zoom-in'

/** What drawing an effect costs, as the render budget counts it (docs/decisions/004). */
export interface EffectRenderCost<P> {
  /**
   * CPU seconds it adds to RENDER_COST.base per second of video per megapixel: what
   * bench/effect-cost measures with `costliest`, rounded up (0 for a camera, which the base
   * already counts).
   */
  weight: number
  /** Its params that cost the most within the bounds; bench/effect-cost draws it with them. */
  costliest: Partial<P>
}

/**
 * Everything the app knows about one effect besides drawing it: the engine draws it from its
 * parsed params, the editor builds its panel from the rest, the render budget counts its cost
 * and the benches load it at its heaviest. Everything said of an effect by name lives here or in
 * its engine module (packages/render/src/engine/effects), never in a switch elsewhere
 * (docs/adding-an-effect.md).
 */
export interface EffectDescriptor<N extends string, S extends z.ZodObject> {
  name: N
  label: string
  icon: EffectIconName
  params: S
  /** The params of a newly added effect (SPEC section 3, "Defaults for a new effect"). */
  defaults: z.output<S>
  /** The preset menu, in order; absent for effects without one. */
  presets?: readonly Preset<z.output<S>>[]
  /** Bounds of the numeric params that differ from DEFAULT_SLIDER. */
  sliders: Partial<Record<KeysOf<z.output<S>, number>, SliderRange>>
  /** Params the editor does not show: computed ones, or ones the effect fixes itself. */
  hidden?: readonly (keyof z.output<S> & string)[]
  /** Params the editor disables while the boolean param they map to is off. */
  enabledBy?: Partial<Record<keyof z.output<S> & string, KeysOf<z.output<S>, boolean>>>
  /**
   * Params whose control the schema's type does not tell: 'font' is a string picked from the
   * font table. The rest follow their type: numbers slide, booleans switch, enums are segmented,
   * {r,g,b} objects pick a colour, other strings are typed.
   */
  controls?: Partial<Record<KeysOf<z.output<S>, string>, 'font'>>
  renderCost: EffectRenderCost<z.output<S>>
  /**
   * Its costliest params that also change on every frame (a blur whose radius moves, turbulence
   * that evolves), so that a renderer can reuse nothing from one frame to the next: bench/render's
   * effect-<name> job and bench/frame-cost draw it with them. Absent: renderCost.costliest.
   */
  heaviest?: Partial<z.output<S>>
  /**
   * Seconds from the slide's start after which it shows what it is there for (a fade from black
   * has ended, a title has faded in): a paused preview opens the slide there, so that the editor
   * shows the picture and its words rather than a black first frame. Absent: from the start.
   */
  shownAfter?(params: z.output<S>): number
}

/** Checks a descriptor against its params schema and keeps its name's literal type. */
export function defineEffect<N extends string, S extends z.ZodObject>(
  descriptor: EffectDescriptor<N, S>,
): EffectDescriptor<N, S> {
  return descriptor
}
