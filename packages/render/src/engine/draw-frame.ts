import { coversFrame, drawBackdrop } from './backdrop'
import { drawBlurred } from './blurred-media'
import { drawCrop } from './camera'
import { drawCaptions } from './captions'
import { frameInfo } from './frame'
import { frameLayerOf } from './media-layers'
import { activeEffects, drawnEffects, mediaView, type Active } from './media-view'
import { transitionModule } from './transitions'
import type { Ctx, FrameInfo, Media, Scene, SceneCaptions, Stage } from './types'

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
  else drawCrop(ctx, media, crop, frame)
}

/**
 * One slide at t seconds from its start: black (or a fitted slide's backdrop), the media
 * through its camera (zoom or pan) and filters, then pixel effects, shading, text, captions and
 * fades.
 */
function drawSlide(ctx: Ctx, scene: Scene, t: number): void {
  const { width, height, slide, media } = scene
  const frame = frameInfo(width, height, slide, media)
  const active = activeEffects(drawnEffects(slide, scene.captions !== undefined), t, frame)
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

/** What a transition's layer shows: one slide at one time, its media a still picture. */
interface Painted {
  slide: Scene['slide']
  media: Media | null
  t: number
  captions: SceneCaptions | undefined
}

/** Each layer's picture, while drawSlide's last drawing on it is what it shows. */
const layerShows = new WeakMap<Ctx, Painted>()

/** Whether the slide, drawn now at t, would draw what the layer shows. */
function shows(painted: Painted | undefined, scene: Scene, t: number): boolean {
  if (!painted) return false
  const a = painted.captions
  const b = scene.captions
  return (
    painted.slide === scene.slide &&
    painted.media === scene.media &&
    painted.t === t &&
    a?.style === b?.style &&
    a?.words === b?.words
  )
}

/**
 * Draws the slide onto a transition's layer, unless the layer already shows it at that time: a
 * slide held still through half of a transition is drawn once, not once a frame. drawSlide is a
 * function of the slide, its media's picture and t, so this holds for a still picture; a clip's
 * media is a frame that changes (its backdrop is live), and is drawn every time.
 */
function paintLayer(c: Ctx, scene: Scene, t: number): void {
  if (shows(layerShows.get(c), scene, t)) return
  drawSlide(c, scene, t)
  const { media, slide, captions } = scene
  if (media === null || media.backdrop?.live === false) {
    layerShows.set(c, { slide, media, t, captions })
  } else {
    layerShows.delete(c)
  }
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
  // Onto the frame: drawn every time. Onto a layer: kept while it shows the same slide and time.
  const paint = (c: Ctx, s: Scene, at: number) =>
    c === ctx ? drawSlide(c, s, at) : paintLayer(c, s, at)
  module.draw(
    ctx,
    module.state(transition.progress),
    scene,
    {
      from: (c) => paint(c, scene, t),
      to: (c) => paint(c, transition.to, transition.t),
    },
    (use) => frameLayerOf(ctx, transition.makeLayer, use, width, height),
  )
}
