import { EFFECT_DEFAULTS, type Effect, type EffectName } from '@storyreel/core'
import { coversFrame, drawBackdrop } from './backdrop'
import { cameraCrop, drawCrop, drawCropWithBleed, type Crop } from './camera'
import { drawCaptions } from './captions'
import { effectModule } from './effects'
import { frameInfo } from './frame'
import type { Ctx, EffectModule, FrameInfo, Media, Scene, Stage } from './types'

interface Active {
  module: EffectModule<EffectName, unknown>
  state: unknown
}

/** Params with the defaults filled in, so a half-edited effect in the editor still draws. */
function paramsOf(effect: Effect): never {
  return { ...EFFECT_DEFAULTS[effect.name], ...effect.params } as never
}

function activeEffects(effects: readonly Effect[], t: number, frame: FrameInfo): Active[] {
  return effects.map((e) => {
    const module = effectModule(e.name)
    return { module, state: module.state(t, paramsOf(e), frame) }
  })
}

function drawStage(
  ctx: Ctx,
  active: Active[],
  stage: Stage,
  frame: FrameInfo,
  media: Media | null,
) {
  for (const a of active) if (a.module.stage === stage) a.module.draw(ctx, a.state, frame, media)
}

function drawMedia(ctx: Ctx, active: Active[], t: number, frame: FrameInfo, media: Media): void {
  // One camera per slide: the first zoom or pan; none means the media at zoom 1, centred.
  const camera = active.find((a) => a.module.stage === 'camera')
  const crop = camera ? (camera.state as { crop: Crop }).crop : cameraCrop(frame, 1, 0.5, 0.5)
  // Before the filters: the backdrop is blurred already, and a blur effect is the picture's.
  if (frame.framing === 'fit' && !coversFrame(crop, frame)) drawBackdrop(ctx, media, frame)
  // Bilinear: media are pre-scaled (preScaledSize) so frames never shrink them much.
  ctx.imageSmoothingEnabled = true
  ctx.imageSmoothingQuality = 'low'
  drawStage(ctx, active, 'filter', frame, media)
  const bleed = Math.max(0, ...active.map((a) => a.module.bleed?.(a.state) ?? 0))
  if (bleed > 0 && ctx.filter !== 'none') drawCropWithBleed(ctx, media, crop, bleed, frame)
  else if (camera) camera.module.draw(ctx, camera.state, frame, media)
  else drawCrop(ctx, media, crop)
  ctx.filter = 'none'
}

/**
 * Draws the slide of `scene` at t seconds from the slide's start: black (or a fitted slide's
 * backdrop), the media through its camera (zoom or pan) and filters, then pixel effects,
 * shading, text, captions and fades. The same function draws the editor's preview and every
 * frame of the video.
 */
export function drawFrame(ctx: Ctx, scene: Scene, t: number): void {
  const { width, height, slide, media } = scene
  const frame = frameInfo(width, height, slide, media)
  const active = activeEffects(slide.effects, t, frame)
  ctx.save()
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.globalAlpha = 1
  ctx.globalCompositeOperation = 'source-over'
  ctx.filter = 'none'
  ctx.fillStyle = '#000'
  ctx.fillRect(0, 0, width, height)
  if (media && media.width > 0 && media.height > 0) drawMedia(ctx, active, t, frame, media)
  for (const stage of ['pixels', 'shade', 'overlay'] as const) {
    drawStage(ctx, active, stage, frame, media)
  }
  // Above the picture and its effects, so no vignette, text or distortion hides them; below the
  // slide's fade, so they come and go with the picture they belong to instead of floating on
  // black while the slide fades out.
  if (scene.captions) drawCaptions(ctx, scene.captions, frame, t)
  drawStage(ctx, active, 'final', frame, media)
  ctx.restore()
}
