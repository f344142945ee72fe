import type { DistortParams } from '@storyreel/core'
import { progress } from '../easing'
import { FPS, unitScale } from '../frame'
import { turbulenceGrid } from '../turbulence-grid'
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

function noiseOf(params: DistortParams): number {
  return Math.min(1, Math.max(0, params.noiseAmount / 100))
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
    noise: noiseOf(params),
    seed: frame.seed,
    grainSeed: (frame.seed ^ Math.round(Math.max(0, t) * FPS)) >>> 0,
  }
}

/** Displacement is computed on this grid (output pixels) and interpolated between nodes. */
export const GRID = 8
const GRID_BITS = 3
const INV_GRID = 1 / GRID
/** Grain amplitude at noiseAmount 100, in 8-bit levels either way. */
const GRAIN = 96

/** Grain width in whole 8-bit levels (uniform, centred on 0) of a strength 0..1; 0 draws none. */
function grainWidth(noise: number): number {
  return Math.round(noise * GRAIN * 2)
}

/** Whether distort with these params draws grain: fresh detail on every pixel of every frame. */
function drawsGrain(params: DistortParams): boolean {
  return grainWidth(noiseOf(params)) > 0
}

/** Nodes of the displacement grid across and down a frame: one past each edge. */
export function gridSize(width: number, height: number): { cols: number; rows: number } {
  return { cols: Math.ceil(width / GRID) + 1, rows: Math.ceil(height / GRID) + 1 }
}

/**
 * The displacement field: two turbulences, one per axis, in output pixels, sampled on the grid.
 * The turbulence is smooth at the scale of `size` (its finest octave a quarter of it), so the
 * grid, interpolated, draws the same picture as the field computed at every pixel.
 */
export function displacementField(
  s: Pick<DistortState, 'amount' | 'size' | 'evolution' | 'seed'>,
  dx: Float32Array,
  dy: Float32Array,
  cols: number,
  rows: number,
): void {
  const step = GRID / s.size
  turbulence(dx, { cols, rows, x0: 0, y0: 0, step }, s.evolution, s.seed)
  turbulence(dy, { cols, rows, x0: 57.31, y0: 21.7, step }, s.evolution, s.seed ^ 0x5bd1e995)
  for (let n = 0; n < dx.length; n++) {
    dx[n] = dx[n]! * s.amount
    dy[n] = dy[n]! * s.amount
  }
}

/** One pass over a frame's pixels: what it reads, where it writes, and how it moves them. */
export interface PixelPassInput {
  /** The frame's pixels, RGBA read 32 bits at a time. */
  src: Int32Array
  out: Int32Array
  width: number
  height: number
  /** The displacement field on the grid (gridSize nodes), or null where nothing moves. */
  dx: Float32Array | null
  dy: Float32Array | null
  cols: number
  rows: number
  /** Bit shift of the source channel of the output red, green and blue: 0, 8 or 16. */
  shifts: Int32Array
  /** Grain width in whole levels, 0 for none. */
  grain: number
  grainSeed: number
}

export type PixelPass = (input: PixelPassInput) => void

/**
 * Sub-pixel steps of a sample position: weights in 1/SUB per axis keep every sum of a
 * bilinear blend below 2^31, so the pass stays in 32-bit integer arithmetic.
 */
const SUB = 8
const SUB_BITS = 3
/** Red and blue (or green and alpha, shifted down) as two 16-bit lanes of one integer. */
const LANES = 0x00ff00ff
/** Half of SUB * SUB in each lane: rounds a lane's weighted sum to the nearest level. */
const HALF = 0x00200020

/** A channel value plus grain, kept to 0..255. */
function level(v: number): number {
  return v < 0 ? 0 : v > 255 ? 255 : v
}

/**
 * Chris Wellons' lowbias32, a 32-bit integer hash. The grain of a pixel is the hash of its index
 * and the frame's key: no pixel's grain depends on another's, so the native pass can split a
 * frame across threads and still draw the same bits, and neighbouring frames (seeds 2k and
 * 2k + 1) get unrelated grain.
 */
export function grainHash(v: number): number {
  let h = v | 0
  h ^= h >>> 16
  h = Math.imul(h, 0x7feb352d)
  h ^= h >>> 15
  h = Math.imul(h, 0x846ca68b)
  h ^= h >>> 16
  return h
}

/**
 * The pass (RGBA, little-endian as every browser and Node platform is): each output pixel
 * samples the input where the displacement points, bilinearly (1/8 pixel steps), so pixels move
 * smoothly rather than in whole-pixel steps; takes each channel from its remapped source
 * channel; and adds grain. Two channels share an integer in 16-bit lanes, so a sample blends all
 * four channels in two sums. packages/render/native/distort-pass.c is the same, step for step.
 */
export function pixelPassJs(p: PixelPassInput): void {
  const { src, out, width: W, height: H, cols, rows, dx, dy, grain } = p
  const half = grain >> 1
  const frameKey = grainHash(p.grainSeed)
  const [shiftR = 0, shiftG = 8, shiftB = 16] = p.shifts
  // Sample positions in 1/SUB pixels, kept inside the frame.
  const maxSX = (W - 1) * SUB
  const maxSY = (H - 1) * SUB
  const maxX = W - 1
  const maxY = H - 1
  const rowDx = new Float32Array(cols)
  const rowDy = new Float32Array(cols)
  let fromX = 0
  let fromY = 0
  let stepX = 0
  let stepY = 0
  for (let y = 0; y < H; y++) {
    const row = y * W
    if (dx && dy) {
      // The grid between its two rows once per row; across, by steps over each span.
      const gy = Math.min(rows - 2, Math.floor(y / GRID))
      const fy = y / GRID - gy
      for (let i = 0; i < cols; i++) {
        const n = gy * cols + i
        rowDx[i] = dx[n]! + (dx[n + cols]! - dx[n]!) * fy
        rowDy[i] = dy[n]! + (dy[n + cols]! - dy[n]!) * fy
      }
    }
    for (let x = 0; x < W; x++) {
      let px: number
      if (dx) {
        if ((x & (GRID - 1)) === 0) {
          const gx = x >> GRID_BITS
          const ax = rowDx[gx]!
          const ay = rowDy[gx]!
          fromX = (x + ax) * SUB
          fromY = (y + ay) * SUB
          stepX = (1 + (rowDx[gx + 1]! - ax) * INV_GRID) * SUB
          stepY = (rowDy[gx + 1]! - ay) * INV_GRID * SUB
        }
        let sx = fromX | 0
        let sy = fromY | 0
        fromX += stepX
        fromY += stepY
        sx = sx < 0 ? 0 : sx > maxSX ? maxSX : sx
        sy = sy < 0 ? 0 : sy > maxSY ? maxSY : sy
        const x0 = sx >> SUB_BITS
        const y0 = sy >> SUB_BITS
        const fx = sx & (SUB - 1)
        const fy = sy & (SUB - 1)
        const w11 = fx * fy
        const w10 = fx * SUB - w11
        const w01 = fy * SUB - w11
        const w00 = SUB * SUB - w10 - w01 - w11
        const i00 = y0 * W + x0
        const i01 = y0 < maxY ? i00 + W : i00
        const right = x0 < maxX ? 1 : 0
        const a = src[i00]!
        const c = src[i00 + right]!
        const d = src[i01]!
        const e = src[i01 + right]!
        const rb =
          (((a & LANES) * w00 + (c & LANES) * w10 + (d & LANES) * w01 + (e & LANES) * w11 + HALF) >>
            (2 * SUB_BITS)) &
          LANES
        const ga =
          ((((a >> 8) & LANES) * w00 +
            ((c >> 8) & LANES) * w10 +
            ((d >> 8) & LANES) * w01 +
            ((e >> 8) & LANES) * w11 +
            HALF) >>
            (2 * SUB_BITS)) &
          LANES
        px = rb | (ga << 8)
      } else {
        px = src[row + x]!
      }
      let g = 0
      if (grain > 0) {
        g = (((grainHash((row + x) ^ frameKey) >>> 16) * grain) >> 16) - half
      }
      out[row + x] =
        level(((px >> shiftR) & 255) + g) |
        (level(((px >> shiftG) & 255) + g) << 8) |
        (level(((px >> shiftB) & 255) + g) << 16) |
        -0x1000000
    }
  }
}

let pixelPass: PixelPass = pixelPassJs
let discardReadBack: (pixels: Uint8ClampedArray) => void = () => {}
let turbulence: typeof turbulenceGrid = turbulenceGrid

/**
 * The Node side swaps in its native pass (packages/render/native/distort-pass.c), the same
 * pixels at a fraction of the cost, may free each frame's read-back as soon as the pass has
 * read it (frame-memory.c), not at the next full garbage collection, and may compute the
 * displacement's turbulence natively (turbulence-grid.c), the same floats; the browser keeps
 * this module's own pass and turbulence and leaves its read-backs to its collector.
 */
export function useDistortPass(
  pass: PixelPass,
  discard?: (pixels: Uint8ClampedArray) => void,
  grid?: typeof turbulenceGrid,
): void {
  pixelPass = pass
  if (discard) discardReadBack = discard
  if (grid) turbulence = grid
}

interface Buffers {
  out: ImageData
  out32: Int32Array
  dx: Float32Array
  dy: Float32Array
}
// One set of buffers per context, so a frame allocates nothing but its read-back.
const buffers = new WeakMap<Ctx, Buffers>()

function buffersFor(ctx: Ctx, w: number, h: number): Buffers {
  let b = buffers.get(ctx)
  if (!b || b.out.width !== w || b.out.height !== h) {
    const { cols, rows } = gridSize(w, h)
    const out = ctx.createImageData(w, h)
    b = {
      out,
      out32: new Int32Array(out.data.buffer, out.data.byteOffset, w * h),
      dx: new Float32Array(cols * rows),
      dy: new Float32Array(cols * rows),
    }
    buffers.set(ctx, b)
  }
  return b
}

function draw(ctx: Ctx, s: DistortState, frame: FrameInfo): void {
  const W = frame.width
  const H = frame.height
  const identity = s.remap[0] === 0 && s.remap[1] === 1 && s.remap[2] === 2
  const grain = grainWidth(s.noise)
  if (identity && s.amount < 0.05 && grain === 0) return
  const { cols, rows } = gridSize(W, H)
  const b = buffersFor(ctx, W, H)
  const pixels = ctx.getImageData(0, 0, W, H).data
  const displace = s.amount >= 0.05
  if (displace) displacementField(s, b.dx, b.dy, cols, rows)
  pixelPass({
    src: new Int32Array(pixels.buffer, pixels.byteOffset, W * H),
    out: b.out32,
    width: W,
    height: H,
    dx: displace ? b.dx : null,
    dy: displace ? b.dy : null,
    cols,
    rows,
    shifts: Int32Array.from(s.remap, (c) => c * 8),
    grain,
    grainSeed: s.grainSeed,
  })
  discardReadBack(pixels)
  ctx.putImageData(b.out, 0, 0)
}

export const distort: EffectModule<'distort', DistortState> = {
  name,
  stage: 'pixels',
  state,
  draw,
  // Grain is random per pixel, and a preview pixel shows the average of 1/(sx*sy) video pixels,
  // whose grain partly cancels: the video seen at the preview's size has grain sqrt(sx*sy) as
  // strong.
  previewParams(params, scale) {
    if (!params.noiseAmount) return params
    const noiseAmount = params.noiseAmount * Math.sqrt(scale.scaleX * scale.scaleY)
    return { ...params, noiseAmount }
  },
  drawsGrain,
}
