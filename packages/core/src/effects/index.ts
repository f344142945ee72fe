import { z } from 'zod'
import { ANIMATED_TEXT_DEFAULTS, AnimatedTextParamsSchema } from './animated-text'
import { BLUR_DEFAULTS, BLUR_PRESETS, BlurParamsSchema } from './blur'
import { DISTORT_DEFAULTS, DISTORT_PRESETS, DistortParamsSchema } from './distort'
import { FADE_DEFAULTS, FADE_PRESETS, FadeParamsSchema } from './fade'
import { PAN_DEFAULTS, PanParamsSchema } from './pan'
import type { Preset } from './preset'
import { VIGNETTE_DEFAULTS, VIGNETTE_PRESETS, VignetteParamsSchema } from './vignette'
import { ZOOM_DEFAULTS, ZOOM_PRESETS, ZoomParamsSchema } from './zoom'

export * from './animated-text'
export * from './blur'
export * from './color'
export * from './distort'
export * from './fade'
export * from './pan'
export * from './preset'
export * from './vignette'
export * from './zoom'

/** source 'AI' marks an effect the composer chose (it then offers the 'AI Generated' preset). */
const meta = { source: z.string().optional(), description: z.string().optional() }

function effect<N extends string, P extends z.ZodType>(name: N, params: P) {
  return z.object({ name: z.literal(name), params, ...meta })
}

export const EffectSchema = z.discriminatedUnion('name', [
  effect('zoom', ZoomParamsSchema),
  effect('blur', BlurParamsSchema),
  effect('fade', FadeParamsSchema),
  effect('vignette', VignetteParamsSchema),
  effect('distort', DistortParamsSchema),
  effect('animated_text', AnimatedTextParamsSchema),
  // stream_text is animated_text with streaming on.
  effect('stream_text', AnimatedTextParamsSchema),
  effect('pan', PanParamsSchema),
])
export type Effect = z.infer<typeof EffectSchema>
export type EffectName = Effect['name']
export type EffectParams<N extends EffectName> = Extract<Effect, { name: N }>['params']

export const EFFECT_NAMES = EffectSchema.options.map((o) => o.shape.name.value) as EffectName[]

export const EFFECT_LABELS: Record<EffectName, string> = {
  zoom: 'Zoom',
  blur: 'Blur',
  fade: 'Fade',
  vignette: 'Vignette',
  distort: 'Distort',
  animated_text: 'Text',
  stream_text: 'Streaming text',
  pan: 'Pan',
}

/** The params of a newly added effect (SPEC section 3, "Defaults for a new effect"). */
export const EFFECT_DEFAULTS: { [N in EffectName]: EffectParams<N> } = {
  zoom: ZOOM_DEFAULTS,
  blur: BLUR_DEFAULTS,
  fade: FADE_DEFAULTS,
  vignette: VIGNETTE_DEFAULTS,
  distort: DISTORT_DEFAULTS,
  animated_text: ANIMATED_TEXT_DEFAULTS,
  stream_text: { ...ANIMATED_TEXT_DEFAULTS, stream: true },
  pan: PAN_DEFAULTS,
}

export const EFFECT_PRESETS: Partial<{ [N in EffectName]: Preset<EffectParams<N>>[] }> = {
  zoom: ZOOM_PRESETS,
  blur: BLUR_PRESETS,
  fade: FADE_PRESETS,
  vignette: VIGNETTE_PRESETS,
  distort: DISTORT_PRESETS,
}

/** Parsing copies every object, so the new effect shares nothing with the defaults. */
export function newEffect<N extends EffectName>(name: N): Extract<Effect, { name: N }> {
  return EffectSchema.parse({ name, params: EFFECT_DEFAULTS[name] }) as Extract<Effect, { name: N }>
}
