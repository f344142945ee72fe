import { describe, expect, it } from 'vitest'
import { testFrame } from '../../../test/fixtures/test-frame'
import { turbulence3 } from '../random'
import { displacementField, distort, GRID, gridSize, state } from './distort'

const frame = testFrame()
const params = {
  takeRedFrom: 3,
  takeGreenFrom: 1,
  takeBlueFrom: 2,
  turbulentDisplaceAmount: 25,
  turbulentDisplaceSize: 120,
  turbulentDisplaceEvolution: 900,
  noiseAmount: 15,
}

describe('distort state', () => {
  it('maps the channel numbers to source indices', () => {
    expect(state(0, params, frame).remap).toEqual([2, 0, 1])
  })

  it('evolves from 0 to evolution/360 over the slide, holding out of range', () => {
    expect(state(0, params, frame).evolution).toBe(0)
    expect(state(2, params, frame).evolution).toBeCloseTo(1.25)
    expect(state(4, params, frame).evolution).toBeCloseTo(2.5)
    expect(state(-1, params, frame).evolution).toBe(0)
    expect(state(7, params, frame).evolution).toBeCloseTo(2.5)
  })

  it('scales pixel sizes to the frame and grain to 0..1', () => {
    const s = state(0, params, testFrame({ width: 540, height: 960 }))
    expect(s.amount).toBeCloseTo(12.5)
    expect(s.size).toBeCloseTo(60)
    expect(s.noise).toBeCloseTo(0.15)
  })

  it('is deterministic for a seed, with grain that changes each frame', () => {
    expect(state(1, params, frame)).toEqual(state(1, params, frame))
    expect(state(1, params, frame).grainSeed).not.toBe(state(1 + 1 / 30, params, frame).grainSeed)
  })
})

describe('distort displacement field', () => {
  it('holds both turbulences, scaled by the amount, at the grid’s nodes', () => {
    const s = state(1.3, params, frame)
    const { cols, rows } = gridSize(64, 48)
    const dx = new Float32Array(cols * rows)
    const dy = new Float32Array(cols * rows)
    displacementField(s, dx, dy, cols, rows)
    for (let j = 0; j < rows; j++) {
      for (let i = 0; i < cols; i++) {
        const x = (i * GRID) / s.size
        const y = (j * GRID) / s.size
        const n = j * cols + i
        expect(dx[n]).toBeCloseTo(s.amount * turbulence3(x, y, s.evolution, s.seed), 4)
        expect(dy[n]).toBeCloseTo(
          s.amount * turbulence3(x + 57.31, y + 21.7, s.evolution, s.seed ^ 0x5bd1e995),
          4,
        )
      }
    }
  })
})

/** A stand-in for a canvas context that holds RGBA pixels: all distort's draw touches. */
function pixelCtx(width: number, height: number, pixel: (x: number, y: number) => number[]) {
  let data = new Uint8ClampedArray(width * height * 4)
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) data.set(pixel(x, y), (y * width + x) * 4)
  }
  const image = (d: Uint8ClampedArray) => ({ data: d, width, height }) as ImageData
  const ctx = {
    createImageData: (w: number, h: number) => image(new Uint8ClampedArray(w * h * 4)),
    getImageData: () => image(new Uint8ClampedArray(data)),
    putImageData: (img: ImageData) => (data = new Uint8ClampedArray(img.data)),
  } as unknown as CanvasRenderingContext2D
  return { ctx, pixels: () => data }
}

/** The pass written plainly: the grid interpolated at each pixel, a bilinear sample in floats. */
function reference(
  src: Uint8ClampedArray,
  w: number,
  h: number,
  s: ReturnType<typeof state>,
): Uint8ClampedArray {
  const { cols, rows } = gridSize(w, h)
  const dx = new Float32Array(cols * rows)
  const dy = new Float32Array(cols * rows)
  displacementField(s, dx, dy, cols, rows)
  const field = (f: Float32Array, x: number, y: number) => {
    const gx = Math.floor(x / GRID)
    const gy = Math.min(rows - 2, Math.floor(y / GRID))
    const fx = x / GRID - gx
    const fy = y / GRID - gy
    const at = (i: number, j: number) => f[j * cols + i]!
    const top = at(gx, gy) + (at(gx + 1, gy) - at(gx, gy)) * fx
    const bottom = at(gx, gy + 1) + (at(gx + 1, gy + 1) - at(gx, gy + 1)) * fx
    return top + (bottom - top) * fy
  }
  const out = new Uint8ClampedArray(src.length)
  const clamp = (v: number, max: number) => Math.min(max, Math.max(0, v))
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const sx = clamp(x + field(dx, x, y), w - 1)
      const sy = clamp(y + field(dy, x, y), h - 1)
      const x0 = Math.floor(sx)
      const y0 = Math.floor(sy)
      const x1 = Math.min(w - 1, x0 + 1)
      const y1 = Math.min(h - 1, y0 + 1)
      const ax = sx - x0
      const ay = sy - y0
      for (let c = 0; c < 3; c++) {
        const v = (px: number, py: number) => src[(py * w + px) * 4 + s.remap[c]!]!
        const top = v(x0, y0) * (1 - ax) + v(x1, y0) * ax
        const bottom = v(x0, y1) * (1 - ax) + v(x1, y1) * ax
        out[(y * w + x) * 4 + c] = top * (1 - ay) + bottom * ay
      }
      out[(y * w + x) * 4 + 3] = 255
    }
  }
  return out
}

describe('distort pass', () => {
  const W = 96
  const H = 72
  /** Smooth colour waves: a displacement shows as a shift of them. */
  const waves = (x: number, y: number) => [
    128 + 100 * Math.sin(x / 7),
    128 + 100 * Math.cos(y / 9),
    128 + 90 * Math.sin((x + y) / 11),
    255,
  ]
  const small = testFrame({ width: W, height: H })

  it('samples where the field points, as a plain bilinear pass does, within a level or two', () => {
    const p = { ...params, noiseAmount: 0, takeRedFrom: 2, takeGreenFrom: 3, takeBlueFrom: 1 }
    const s = state(1.7, p, small)
    const { ctx, pixels } = pixelCtx(W, H, waves)
    const expected = reference(pixelCtx(W, H, waves).pixels(), W, H, s)
    distort.draw!(ctx, s, small, null)
    const got = pixels()
    let worst = 0
    let total = 0
    let moved = 0
    const before = pixelCtx(W, H, waves).pixels()
    for (let i = 0; i < got.length; i++) {
      if (i % 4 === 3) continue
      worst = Math.max(worst, Math.abs(got[i]! - expected[i]!))
      total += Math.abs(got[i]! - expected[i]!)
      moved += Math.abs(got[i]! - before[i]!)
    }
    expect(worst).toBeLessThanOrEqual(3)
    expect(total / ((got.length / 4) * 3)).toBeLessThan(0.6)
    // ...and the picture did change a lot: the check is not of a pass that does nothing.
    expect(moved / ((got.length / 4) * 3)).toBeGreaterThan(20)
  })

  it('adds grain of the strength asked for, centred on the picture, new on each frame', () => {
    const grey = () => [100, 100, 100, 255]
    const p = { ...params, turbulentDisplaceAmount: 0, noiseAmount: 50 }
    const first = pixelCtx(W, H, grey)
    distort.draw!(first.ctx, state(1, p, small), small, null)
    const next = pixelCtx(W, H, grey)
    distort.draw!(next.ctx, state(1 + 1 / 30, p, small), small, null)
    const a = first.pixels()
    let sum = 0
    let squares = 0
    let same = 0
    const n = W * H
    for (let i = 0; i < n; i++) {
      const d = a[i * 4]! - 100
      sum += d
      squares += d * d
      if (a[i * 4] === next.pixels()[i * 4]) same++
    }
    // Uniform grain 0.5 * 96 * 2 = 96 levels wide: standard deviation 96 / sqrt(12) = 27.7.
    expect(Math.abs(sum / n)).toBeLessThan(1.5)
    expect(Math.sqrt(squares / n)).toBeGreaterThan(26)
    expect(Math.sqrt(squares / n)).toBeLessThan(29.5)
    expect(same / n).toBeLessThan(0.05)
  })

  it('draws grain with no pattern: neighbours and neighbouring frames unrelated', () => {
    const grey = () => [128, 128, 128, 255]
    const p = { ...params, turbulentDisplaceAmount: 0, noiseAmount: 100 }
    const grainAt = (t: number) => {
      const f = pixelCtx(W, H, grey)
      distort.draw!(f.ctx, state(t, p, small), small, null)
      return Array.from({ length: W * H }, (_, i) => f.pixels()[i * 4]! - 128)
    }
    const correlation = (a: number[], b: number[]) => {
      let ab = 0
      let aa = 0
      let bb = 0
      for (let i = 0; i < a.length; i++) {
        ab += a[i]! * b[i]!
        aa += a[i]! * a[i]!
        bb += b[i]! * b[i]!
      }
      return ab / Math.sqrt(aa * bb)
    }
    const now = grainAt(1)
    const next = grainAt(1 + 1 / 30)
    expect(Math.abs(correlation(now.slice(1), now.slice(0, -1)))).toBeLessThan(0.05)
    expect(Math.abs(correlation(now.slice(W), now.slice(0, -W)))).toBeLessThan(0.05)
    expect(Math.abs(correlation(now, next))).toBeLessThan(0.05)
  })
})
