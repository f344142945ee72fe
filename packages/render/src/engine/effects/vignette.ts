import type { VignetteParams } from '@storyreel/core'
import { lerp, progress, smoothstep } from '../easing'
import type { EffectModule, FrameInfo } from '../types'

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

export const vignette: EffectModule<'vignette', VignetteState> = {
  name,
  stage: 'shade',
  state,
  draw(ctx, s, frame) {
    if (s.amount <= 0) return
    const { width: W, height: H } = frame
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
      const g = ctx.createRadialGradient(0, 0, 0, 0, 0, s.size)
      for (let i = 0; i <= STOPS; i++) {
        const rho = (s.size * i) / STOPS
        g.addColorStop(i / STOPS, `rgba(0,0,0,${darkness(s, rho).toFixed(4)})`)
      }
      ctx.fillStyle = g
    }
    ctx.fillRect(-W / (2 * ax), -H / (2 * ay), W / ax, H / ay)
    ctx.restore()
  },
}
