import { coversFrame, drawBackdrop } from './backdrop'
import { drawBlurred } from './blurred-media'
import { drawCrop } from './camera'
import { drawCaptions } from './captions'
import { frameInfo } from './frame'
import { frameLayerOf } from './media-layers'
import { activeEffects, mediaView, type Active } from './media-view'
import { transitionModule } from './transitions'
import type { Ctx, FrameInfo, Media, Scene, Stage } from './types'

function drawStage(
  ctx: Ctx,
  active: Active[],
  stage: Stage,
  frame: FrameInfo,
  media: Media | null,
) {
  for (const a of active) if (a.module.stage === stage) a.module.draw?.(ctx, a.state, frame, media)
}

function drawMedia(ctx: Ctx, active: Active[], frame: FrameInfo, media: Media): void {
  const { camera, crop, sigma } = mediaView(active, frame)
  // Before the blur: the backdrop is blurred already, and a blur effect is the picture's.
  if (frame.framing === 'fit' && !coversFrame(crop, frame)) drawBackdrop(ctx, media, frame)
  // Bilinear: media are pre-scaled (preScaledSize) so frames never shrink them much.
  ctx.imageSmoothingEnabled = true
  ctx.imageSmoothingQuality = 'low'
  if (sigma > 0) drawBlurred(ctx, media, crop, sigma, frame)
  else if (camera) camera.module.draw?.(ctx, camera.state, frame, media)
  else drawCrop(ctx, media, crop)
}

/**
 * One slide at t seconds from its start: black (or a fitted slide's backdrop), the media
 * through its camera (zoom or pan) and filters, then pixel effects, shading, text, captions and
 * fades.
 */
function drawSlide(ctx: Ctx, scene: Scene, t: number): void {
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
  if (media && media.width > 0 && media.height > 0) drawMedia(ctx, active, frame, media)
  for (const stage of ['pixels', 'shade', 'overlay'] as const) {
    drawStage(ctx, active, stage, frame, media)
  }
  // Above the picture and its effects, so no vignette, text or distortion hides them; below the
  // slide's fade, so they come and go with the picture they belong to instead of floating on
  // black while the slide fades out.
  if (scene.captions) drawCaptions(ctx, scene.captions, frame, t, slide)
  drawStage(ctx, active, 'final', frame, media)
  ctx.restore()
}

/**
 * Draws the slide of `scene` at t seconds from the slide's start, and during a transition the
 * next slide at its own time with it, as the transition's module composes them (momentAt says
 * when). The same function draws the editor's preview and every frame of the video.
 */
export function drawFrame(ctx: Ctx, scene: Scene, t: number): void {
  const transition = scene.transition
  if (!transition) return drawSlide(ctx, scene, t)
  const module = transitionModule(transition.type)
  const { width, height } = scene
  module.draw(
    ctx,
    module.state(transition.progress),
    scene,
    {
      from: (c) => drawSlide(c, scene, t),
      to: (c) => drawSlide(c, transition.to, transition.t),
    },
    (use) => frameLayerOf(ctx, transition.makeLayer, use, width, height),
  )
}
