import { z } from 'zod'
import { animatedTextEffect } from './animated-text'
import { blurEffect } from './blur'
import { DEFAULT_SLIDER, type EffectDescriptor, type SliderRange } from './descriptor'
import { distortEffect } from './distort'
import { fadeEffect } from './fade'
import { panEffect } from './pan'
import type { Preset } from './preset'
import { streamTextEffect } from './stream-text'
import { vignetteEffect } from './vignette'
import { zoomEffect } from './zoom'

export * from './animated-text'
export * from './blur'
export * from './color'
export * from './descriptor'
export * from './distort'
export * from './fade'
export * from './pan'
export * from './preset'
export * from './stream-text'
export * from './vignette'
export * from './zoom'

/** Every effect, one line each; the schema, names, labels, defaults and presets derive from it. */
export const EFFECTS = [
  zoomEffect,
  blurEffect,
  fadeEffect,
  vignetteEffect,
  distortEffect,
  animatedTextEffect,
  streamTextEffect,
  panEffect,
] as const

/** source 'AI' marks an effect the composer chose (it then offers the 'AI Generated' preset). */
const meta = {
  source: z.string().max(20).optional(),
  /** The composer's one-line note on what the effect does. */
  description: z.string().max(300).optional(),
}

type EntrySchema<D> =
  D extends EffectDescriptor<infer N, infer S>
    ? z.ZodObject<{ name: z.ZodLiteral<N>; params: S } & typeof meta>
    : never
// Generic, so that mapping the tuple gives a tuple: one entry schema per effect, in order.
type EntrySchemas<T extends readonly unknown[]> = { -readonly [K in keyof T]: EntrySchema<T[K]> }

export const EffectSchema = z.discriminatedUnion(
  'name',
  // map() loses the tuple's per-effect types; EntrySchemas restores them.
  EFFECTS.map((d) =>
    z.object({ name: z.literal(d.name), params: d.params, ...meta }),
  ) as unknown as EntrySchemas<typeof EFFECTS>,
)
export type Effect = z.infer<typeof EffectSchema>
export type EffectName = Effect['name']
export type EffectParams<N extends EffectName> = Extract<Effect, { name: N }>['params']

/** An effect that draws words on the slide: typed out, or streamed. */
export type TextEffect = Extract<Effect, { name: 'animated_text' | 'stream_text' }>

export function isTextEffect(effect: Effect | undefined): effect is TextEffect {
  return effect?.name === 'animated_text' || effect?.name === 'stream_text'
}

export const EFFECT_NAMES: EffectName[] = EFFECTS.map((d) => d.name)

export const EFFECT_LABELS = Object.fromEntries(EFFECTS.map((d) => [d.name, d.label])) as Record<
  EffectName,
  string
>

/** The params of a newly added effect (SPEC section 3, "Defaults for a new effect"). */
export const EFFECT_DEFAULTS = Object.fromEntries(EFFECTS.map((d) => [d.name, d.defaults])) as {
  [N in EffectName]: EffectParams<N>
}

export const EFFECT_PRESETS = Object.fromEntries(
  EFFECTS.flatMap((d) => (d.presets ? [[d.name, d.presets]] : [])),
) as Partial<{ [N in EffectName]: readonly Preset<EffectParams<N>>[] }>

const DESCRIPTORS = Object.fromEntries(EFFECTS.map((d) => [d.name, d])) as Record<
  EffectName,
  EffectDescriptor<EffectName, z.ZodObject>
>

/**
 * An effect's descriptor, typed for any params: what the app reads of an effect whose name it
 * holds (its render cost, its bench params) without a switch on names.
 */
export function effectDescriptor(name: EffectName): EffectDescriptor<EffectName, z.ZodObject> {
  return DESCRIPTORS[name]
}

const SLIDERS = Object.fromEntries(EFFECTS.map((d) => [d.name, d.sliders])) as Record<
  EffectName,
  Partial<Record<string, SliderRange>>
>

/** The slider of one numeric param in the effect panel (SPEC section 5). */
export function sliderRange(effect: EffectName, param: string): SliderRange {
  return SLIDERS[effect][param] ?? DEFAULT_SLIDER
}

/** Parsing copies every object, so the new effect shares nothing with the defaults. */
export function newEffect<N extends EffectName>(name: N): Extract<Effect, { name: N }> {
  return EffectSchema.parse({ name, params: EFFECT_DEFAULTS[name] }) as Extract<Effect, { name: N }>
}
