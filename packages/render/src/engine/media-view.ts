import {
  captionsReplaceText,
  EFFECT_DEFAULTS,
  isTextEffect,
  type Effect,
  type EffectName,
  type Slide,
  type TextEffect,
} from '@storyreel/core'
import { cameraCrop, type Crop } from './camera'
import { effectModule } from './effects'
import type { EffectModule, FrameInfo } from './types'

export interface Active {
  module: EffectModule<EffectName, unknown>
  state: unknown
}

/** Params with the defaults filled in, so a half-edited effect in the editor still draws. */
export function effectParams(effect: Effect): never {
  return { ...EFFECT_DEFAULTS[effect.name], ...effect.params } as never
}

/**
 * Whether an effect is a text saying its slide's narration (captionsReplaceText): captions,
 * while they show, stand in for it.
 */
export function saysNarration(effect: Effect, slide: Slide): boolean {
  if (!isTextEffect(effect)) return false
  const { text } = effectParams(effect) as TextEffect['params']
  return captionsReplaceText(text, slide.narration)
}

const drawnWithCaptions = new WeakMap<Slide, readonly Effect[]>()

/**
 * The slide's effects as drawn: with captions on, less the texts that say the narration the
 * captions show. Kept per slide: drawFrame asks on every frame.
 */
export function drawnEffects(slide: Slide, captions: boolean): readonly Effect[] {
  if (!captions) return slide.effects
  let drawn = drawnWithCaptions.get(slide)
  if (!drawn) {
    drawn = slide.effects.filter((e) => !saysNarration(e, slide))
    drawnWithCaptions.set(slide, drawn)
  }
  return drawn
}

export function activeEffects(effects: readonly Effect[], t: number, frame: FrameInfo): Active[] {
  return effects.map((e) => {
    const module = effectModule(e.name)
    return { module, state: module.state(t, effectParams(e), frame) }
  })
}

/** What the media shows at a moment: its camera's crop and the blur over it. */
export interface MediaView {
  /** The first zoom or pan; none means the media at zoom 1, centred. */
  camera: Active | undefined
  crop: Crop
  /** The last blur's standard deviation in frame pixels (as the last filter set would count). */
  sigma: number
}

export function mediaView(active: Active[], frame: FrameInfo): MediaView {
  const camera = active.find((a) => a.module.stage === 'camera')
  const crop = camera ? (camera.state as { crop: Crop }).crop : cameraCrop(frame, 1, 0.5, 0.5)
  const blur = active.filter((a) => a.module.blur).at(-1)
  return { camera, crop, sigma: blur ? blur.module.blur!(blur.state) : 0 }
}

/** The media's view of the slide at t seconds from its start. */
export function slideMediaView(slide: Slide, t: number, frame: FrameInfo): MediaView {
  return mediaView(activeEffects(slide.effects, t, frame), frame)
}
