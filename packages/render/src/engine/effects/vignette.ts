import type { VignetteParams } from '@storyreel/core'
import { lerp, progress, smoothstep } from '../easing'
import { layerOf } from '../media-layers'
import type { Ctx, EffectModule, FrameInfo, Layer } from '../types'

export const name = 'vignette'

export interface VignetteState {
  /** Darkness at full strength, 1 = black; above 1 (presets reach 1.2) darkens sooner. */
  amount: number
  /** Where darkening is full, in the vignette's radius units (1 = the frame's corners). */
  size: number
  /** 0 = an ellipse shaped like the frame, 1 = a circle. */
  roundness: number
  /** Share of the radius over which darkness fades in; 0 = a hard edge. */
  feather: number
}

/** With animate, startAmount -> endAmount and startSize -> endSize linearly over the slide. */
export function state(t: number, params: VignetteParams, frame: FrameInfo): VignetteState {
  const k = progress(t, 0, frame.duration)
  const amount = params.animate ? lerp(params.startAmount, params.endAmount, k) : params.amount
  const size = params.animate ? lerp(params.startSize, params.endSize, k) : params.size
  return {
    amount: Math.max(0, amount) / 100,
    size: Math.max(0, size),
    roundness: Math.min(1, Math.max(0, params.roundness)),
    feather: Math.min(1, Math.max(0, params.feather)),
  }
}

/** Darkness (0..1) at radius rho: zero inside, full from `size` out, smooth between. */
export function darkness(s: VignetteState, rho: number): number {
  const inner = s.size * (1 - s.feather)
  const k = s.size > inner ? smoothstep(inner, s.size, rho) : rho >= s.size ? 1 : 0
  return Math.min(1, s.amount * k)
}

const STOPS = 12

/**
 * The shading is painted on a layer this many times smaller than the frame and scaled up:
 * darkness changes over hundreds of pixels, so the scaled-up mask is the same picture (a hard
 * edge, feather 0, softens over these few pixels, as antialiasing would), where a radial
 * gradient over every pixel of a 1080x1920 frame cost Skia 28 ms, three times the mask's cost.
 */
const MASK_SCALE = 4

/** The shading over a W x H frame, in frame coordinates of `ctx`. */
function paintShade(ctx: Ctx, s: VignetteState, W: number, H: number): void {
  // Semi-axes chosen so the corners sit at radius 1 whatever the roundness.
  const half = Math.hypot(W, H) / 2
  const ax = lerp((W / 2) * Math.SQRT2, half, s.roundness)
  const ay = lerp((H / 2) * Math.SQRT2, half, s.roundness)
  ctx.save()
  ctx.translate(W / 2, H / 2)
  ctx.scale(ax, ay)
  if (s.size <= 0) {
    ctx.fillStyle = `rgba(0,0,0,${Math.min(1, s.amount)})`
  } else {
    // Clear up to the inner edge, then the stops across the feather, where darkness changes. A
    // feather of 0 puts them all at the edge: a hard step, which stops spread over the whole
    // radius would miss.
    const g = ctx.createRadialGradient(0, 0, 0, 0, 0, s.size)
    const inner = 1 - s.feather
    g.addColorStop(0, 'rgba(0,0,0,0)')
    for (let i = 0; i <= STOPS; i++) {
      const k = i / STOPS
      const shade = Math.min(1, s.amount * smoothstep(0, 1, k))
      g.addColorStop(inner + s.feather * k, `rgba(0,0,0,${shade.toFixed(4)})`)
    }
    ctx.fillStyle = g
  }
  ctx.fillRect(-W / (2 * ax), -H / (2 * ay), W / ax, H / ay)
  ctx.restore()
}

/** What each mask layer last showed, so a still vignette is painted once per slide. */
const painted = new WeakMap<Layer, string>()

export const vignette: EffectModule<'vignette', VignetteState> = {
  name,
  stage: 'shade',
  state,
  draw(ctx, s, frame, media) {
    if (s.amount <= 0) return
    const { width: W, height: H } = frame
    if (!media?.makeLayer) return paintShade(ctx, s, W, H)
    const w = Math.ceil(W / MASK_SCALE)
    const h = Math.ceil(H / MASK_SCALE)
    const mask = layerOf(media, 'vignette', w, h)
    const key = `${s.amount} ${s.size} ${s.roundness} ${s.feather} ${W}x${H}`
    if (painted.get(mask) !== key) {
      mask.ctx.setTransform(w / W, 0, 0, h / H, 0, 0)
      mask.ctx.clearRect(0, 0, W, H)
      paintShade(mask.ctx, s, W, H)
      painted.set(mask, key)
    }
    ctx.save()
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    ctx.imageSmoothingEnabled = true
    ctx.imageSmoothingQuality = 'low'
    ctx.drawImage(mask.source, 0, 0, w, h, 0, 0, W, H)
    ctx.restore()
  },
}
