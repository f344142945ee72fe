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
 * Everything the app knows about one effect besides drawing it: the engine draws it from its
 * parsed params, the editor builds its panel from the rest.
 */
export interface EffectDescriptor<N extends string, S extends z.ZodObject> {
  name: N
  label: string
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
}

/** Checks a descriptor against its params schema and keeps its name's literal type. */
export function defineEffect<N extends string, S extends z.ZodObject>(
  descriptor: EffectDescriptor<N, S>,
): EffectDescriptor<N, S> {
  return descriptor
}
