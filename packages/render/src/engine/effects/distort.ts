import type { DistortParams } from '@storyreel/core'
import { progress } from '../easing'
import { FPS, unitScale } from '../frame'
import { turbulence3 } from '../random'
import type { Ctx, EffectModule, FrameInfo } from '../types'

export const name = 'distort'

export interface DistortState {
  /** Source channel index (0 red, 1 green, 2 blue) for the output red, green and blue. */
  remap: [number, number, number]
  /** Largest displacement, output pixels. */
  amount: number
  /** Scale of the turbulence (size of its swirls), output pixels. */
  size: number
  /** Position along the noise's time axis: one unit per 360 degrees of evolution. */
  evolution: number
  /** Grain strength, 0..1. */
  noise: number
  seed: number
  /** Grain changes every frame, deterministically. */
  grainSeed: number
}

function channel(from: number): number {
  return Math.min(2, Math.max(0, Math.round(from) - 1))
}

/** Evolution (degrees) advances linearly over the slide, as After Effects' evolution keyframes. */
export function state(t: number, params: DistortParams, frame: FrameInfo): DistortState {
  const unit = unitScale(frame.width, frame.height)
  return {
    remap: [
      channel(params.takeRedFrom),
      channel(params.takeGreenFrom),
      channel(params.takeBlueFrom),
    ],
    amount: Math.max(0, params.turbulentDisplaceAmount) * unit,
    size: Math.max(1, params.turbulentDisplaceSize) * unit,
    evolution: (params.turbulentDisplaceEvolution * progress(t, 0, frame.duration)) / 360,
    noise: Math.min(1, Math.max(0, params.noiseAmount / 100)),
    seed: frame.seed,
    grainSeed: (frame.seed ^ Math.round(Math.max(0, t) * FPS)) >>> 0,
  }
}

/** Displacement is computed on this grid (output pixels) and interpolated between nodes. */
const GRID = 8
/** Grain amplitude at noiseAmount 100, in 8-bit levels either way. */
const GRAIN = 96

interface Buffers {
  out: ImageData
  dx: Float32Array
  dy: Float32Array
  rowDx: Float32Array
  rowDy: Float32Array
}
// One set of buffers per context, so a frame allocates nothing.
const buffers = new WeakMap<Ctx, Buffers>()

function buffersFor(ctx: Ctx, w: number, h: number, gw: number, gh: number): Buffers {
  let b = buffers.get(ctx)
  if (!b || b.out.width !== w || b.out.height !== h) {
    b = {
      out: ctx.createImageData(w, h),
      dx: new Float32Array(gw * gh),
      dy: new Float32Array(gw * gh),
      rowDx: new Float32Array(gw),
      rowDy: new Float32Array(gw),
    }
    buffers.set(ctx, b)
  }
  return b
}

/** The displacement field: two turbulences, one per axis, sampled on the grid. */
function displacementField(s: DistortState, b: Buffers, gw: number, gh: number): void {
  for (let j = 0; j < gh; j++) {
    for (let i = 0; i < gw; i++) {
      const x = (i * GRID) / s.size
      const y = (j * GRID) / s.size
      b.dx[j * gw + i] = s.amount * turbulence3(x, y, s.evolution, s.seed)
      b.dy[j * gw + i] =
        s.amount * turbulence3(x + 57.31, y + 21.7, s.evolution, s.seed ^ 0x5bd1e995)
    }
  }
}

function draw(ctx: Ctx, s: DistortState, frame: FrameInfo): void {
  const W = frame.width
  const H = frame.height
  const identity = s.remap[0] === 0 && s.remap[1] === 1 && s.remap[2] === 2
  if (identity && s.amount < 0.05 && s.noise <= 0) return
  const gw = Math.ceil(W / GRID) + 1
  const gh = Math.ceil(H / GRID) + 1
  const b = buffersFor(ctx, W, H, gw, gh)
  const src = ctx.getImageData(0, 0, W, H).data
  const out = b.out.data
  const displace = s.amount >= 0.05
  if (displace) displacementField(s, b, gw, gh)
  const grain = s.noise * GRAIN * 2
  // xorshift32 inline: a call per pixel would double the pass's cost.
  let r = s.grainSeed | 1
  const [cr, cg, cb] = s.remap
  const maxX = W - 1
  const maxY = H - 1
  const { rowDx, rowDy } = b
  for (let y = 0; y < H; y++) {
    if (displace) {
      // Interpolate the grid between its two rows once per row; per pixel only across.
      const gy = Math.min(gh - 2, Math.floor(y / GRID))
      const fy = y / GRID - gy
      for (let i = 0; i < gw; i++) {
        const n = gy * gw + i
        rowDx[i] = b.dx[n]! + (b.dx[n + gw]! - b.dx[n]!) * fy
        rowDy[i] = b.dy[n]! + (b.dy[n + gw]! - b.dy[n]!) * fy
      }
    }
    for (let x = 0; x < W; x++) {
      let sx = x
      let sy = y
      if (displace) {
        const gx = (x / GRID) | 0
        const fx = x / GRID - gx
        sx += rowDx[gx]! + (rowDx[gx + 1]! - rowDx[gx]!) * fx
        sy += rowDy[gx]! + (rowDy[gx + 1]! - rowDy[gx]!) * fx
        sx = sx < 0 ? 0 : sx > maxX ? maxX : sx
        sy = sy < 0 ? 0 : sy > maxY ? maxY : sy
      }
      // Bilinear sample, so the displacement moves pixels smoothly, not in whole-pixel steps.
      const x0 = sx | 0
      const y0 = sy | 0
      const ax = sx - x0
      const ay = sy - y0
      const p00 = (y0 * W + x0) * 4
      const p10 = x0 < maxX ? p00 + 4 : p00
      const p01 = y0 < maxY ? p00 + W * 4 : p00
      const p11 = x0 < maxX ? p01 + 4 : p01
      const w00 = (1 - ax) * (1 - ay)
      const w10 = ax * (1 - ay)
      const w01 = (1 - ax) * ay
      const w11 = ax * ay
      let g = 0
      if (grain > 0) {
        r ^= r << 13
        r ^= r >>> 17
        r ^= r << 5
        g = ((r >>> 0) / 4294967296 - 0.5) * grain
      }
      const o = (y * W + x) * 4
      out[o] =
        src[p00 + cr]! * w00 +
        src[p10 + cr]! * w10 +
        src[p01 + cr]! * w01 +
        src[p11 + cr]! * w11 +
        g
      out[o + 1] =
        src[p00 + cg]! * w00 +
        src[p10 + cg]! * w10 +
        src[p01 + cg]! * w01 +
        src[p11 + cg]! * w11 +
        g
      out[o + 2] =
        src[p00 + cb]! * w00 +
        src[p10 + cb]! * w10 +
        src[p01 + cb]! * w01 +
        src[p11 + cb]! * w11 +
        g
      out[o + 3] = 255
    }
  }
  ctx.putImageData(b.out, 0, 0)
}

export const distort: EffectModule<'distort', DistortState> = {
  name,
  stage: 'pixels',
  state,
  draw,
}
