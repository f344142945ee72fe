import { describe, expect, it } from 'vitest'
import { gridSize, pixelPassJs, type PixelPassInput } from '../src/engine/effects/distort'
import { distortPass, distortPassWithoutAvx2 } from '../src/node/native-addons'
import { turbulenceGrid } from '../src/engine/turbulence-grid'

const native = distortPass()
const withoutAvx2 = distortPassWithoutAvx2()

/** A frame of noise-like pixels and a displacement field as distort makes them. */
function input(width: number, height: number, seed: number, amount: number): PixelPassInput {
  const src = new Int32Array(width * height)
  let r = seed | 1
  for (let i = 0; i < src.length; i++) {
    r ^= r << 13
    r ^= r >>> 17
    r ^= r << 5
    src[i] = r | -0x1000000
  }
  const { cols, rows } = gridSize(width, height)
  const dx = new Float32Array(cols * rows)
  const dy = new Float32Array(cols * rows)
  turbulenceGrid(dx, { cols, rows, x0: 0, y0: 0, step: 0.05 }, seed / 7, seed)
  turbulenceGrid(dy, { cols, rows, x0: 57.31, y0: 21.7, step: 0.05 }, seed / 7, seed ^ 0x5bd1e995)
  for (let n = 0; n < dx.length; n++) {
    dx[n] = dx[n]! * amount
    dy[n] = dy[n]! * amount
  }
  return {
    ...{ src, out: new Int32Array(src.length), width, height, cols, rows },
    ...{ dx: amount > 0 ? dx : null, dy: amount > 0 ? dy : null },
    ...{
      // Each channel from its own (the default, SSE2 on x86-64) or swapped.
      shifts: seed % 2 === 0 ? Int32Array.of(0, 8, 16) : Int32Array.of(8, 16, 0),
      grain: seed % 3 === 0 ? 0 : 192,
      grainSeed: (seed * 0x9e3779b1) >>> 0,
    },
  }
}

describe.skipIf(!native)(
  'the native distort pass (skipped without a C compiler: native/build.sh)',
  () => {
    // Odd sizes, displacements past the edges, with and without grain or displacement, in whole
    // spans of eight pixels and with a remainder.
    const cases = [
      [64, 48, 1, 30],
      [101, 77, 2, 400],
      [50, 90, 3, 0],
      [270, 480, 4, 120],
      [33, 17, 6, 2000],
      [96, 64, 8, 30],
      [75, 41, 10, 0],
      [1, 1, 12, 5],
      [1080, 24, 14, 60],
      [1083, 19, 15, 60],
      [7, 9, 16, 3],
      [17, 300, 17, 900],
    ] as const

    it.each([
      ['the best this CPU has (AVX2 where it is)', native],
      ['without AVX2', withoutAvx2],
    ])('writes the same bits as the JavaScript pass the editor runs: %s', (_, pass) => {
      for (const [w, h, seed, amount] of cases) {
        const a = input(w, h, seed, amount)
        const b = { ...a, out: new Int32Array(a.out.length) }
        pixelPassJs(a)
        pass!(b)
        expect(Buffer.from(b.out.buffer).equals(Buffer.from(a.out.buffer)), `${w}x${h}`).toBe(true)
      }
    })

    // Every span of the last column then reads a pixel whose right neighbour is the next row's
    // first, or past the frame's end: both clamped to the right edge, and to the corner.
    it.each([
      ['the right edge', 0],
      ['the last pixel', 1e4],
    ])('draws the same bits where every sample clamps to %s', (_, down) => {
      const a = { ...input(64, 48, 2, 30), grain: 0 }
      a.dx!.fill(1e4)
      a.dy!.fill(down)
      const b = { ...a, out: new Int32Array(a.out.length) }
      pixelPassJs(a)
      native!(b)
      expect(Buffer.from(b.out.buffer).equals(Buffer.from(a.out.buffer))).toBe(true)
      if (down) expect(new Set(b.out)).toEqual(new Set([a.src.at(-1)]))
    })

    it('refuses buffers that do not match the frame', () => {
      const a = input(64, 48, 1, 30)
      expect(() => native!({ ...a, out: new Int32Array(10) })).toThrow(/sizes/)
      expect(() => native!({ ...a, cols: 2 })).toThrow(/sizes/)
      expect(() => native!({ ...a, shifts: Int32Array.of(8, 16, 4) })).toThrow(/shifts/)
      expect(() => native!({ ...a, src: new Uint8Array(64 * 48 * 4) as never })).toThrow(/type/)
    })
  },
)
