import type { Crop } from './camera'
import type { Backdrop, Ctx, FrameInfo, Media } from './types'

/**
 * The backdrop's short side, pixels, whatever the frame's size: the preview and the video
 * paint the same few thousand pixels, so they blur alike, and scaled up they stay smooth.
 */
export const BACKDROP_SHORT_SIDE = 64

/** Blur of the backdrop, standard deviation as a fraction of its short side (about 65 px at 1080). */
export const BACKDROP_BLUR = 0.06

/** How much the backdrop is darkened, 0..1: enough for the picture to stand out from it. */
export const BACKDROP_SHADE = 0.4

/** The size of the canvas a loader makes for the backdrop of a width x height frame. */
export function backdropSize(width: number, height: number): { width: number; height: number } {
  const f = BACKDROP_SHORT_SIDE / Math.min(width, height)
  return {
    width: Math.max(1, Math.round(width * f)),
    height: Math.max(1, Math.round(height * f)),
  }
}

/** Whether the crop fills the whole frame, leaving nothing of a backdrop to see. */
export function coversFrame(c: Crop, frame: Pick<FrameInfo, 'width' | 'height'>): boolean {
  return c.dx <= 0 && c.dy <= 0 && c.dx + c.dw >= frame.width && c.dy + c.dh >= frame.height
}

/** Backdrops painted from a picture that does not change: they stay as they are. */
const painted = new WeakSet<Backdrop>()

/**
 * The media at cover fit on the backdrop, centred, blurred and darkened. It is drawn a little
 * larger than the backdrop (three standard deviations, the blur's reach, on every side) so the
 * blur never takes in the transparency beyond the picture's edge and darkens the frame's edges.
 */
function paint(b: Backdrop, media: Media): void {
  const { ctx, width: w, height: h } = b
  const sigma = BACKDROP_BLUR * Math.min(w, h)
  const reach = 3 * sigma
  const scale = Math.max((w + 2 * reach) / media.width, (h + 2 * reach) / media.height)
  const dw = media.width * scale
  const dh = media.height * scale
  ctx.save()
  ctx.setTransform(1, 0, 0, 1, 0, 0)
  ctx.globalAlpha = 1
  ctx.globalCompositeOperation = 'source-over'
  ctx.fillStyle = '#000'
  ctx.fillRect(0, 0, w, h)
  // Mipmapped: the media is shrunk tens of times at once.
  ctx.imageSmoothingEnabled = true
  ctx.imageSmoothingQuality = 'high'
  ctx.filter = `blur(${sigma.toFixed(2)}px)`
  ctx.drawImage(media.source, (w - dw) / 2, (h - dh) / 2, dw, dh)
  ctx.filter = 'none'
  ctx.fillStyle = `rgba(0,0,0,${BACKDROP_SHADE})`
  ctx.fillRect(0, 0, w, h)
  ctx.restore()
}

/**
 * Fills the frame with the media's backdrop, painted on first use (on every frame for a clip),
 * then only scaled up. It stays still under a zoom or pan of the picture: it is the stage the
 * picture moves on, and moving it too would make the whole frame swim.
 */
export function drawBackdrop(ctx: Ctx, media: Media, frame: FrameInfo): void {
  const b = media.backdrop
  if (!b) return
  if (b.live || !painted.has(b)) {
    paint(b, media)
    if (!b.live) painted.add(b)
  }
  ctx.imageSmoothingEnabled = true
  ctx.imageSmoothingQuality = 'low'
  ctx.drawImage(b.source, 0, 0, b.width, b.height, 0, 0, frame.width, frame.height)
}
