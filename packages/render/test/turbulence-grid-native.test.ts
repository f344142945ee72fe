import { describe, expect, it } from 'vitest'
import { turbulenceGrid, type GridPlacement } from '../src/engine/turbulence-grid'
import { turbulenceGridNative } from '../src/node/native-addons'

const native = turbulenceGridNative()

function both(g: GridPlacement, z: number, seed: number, octaves?: number) {
  const js = new Float32Array(g.cols * g.rows)
  const c = new Float32Array(g.cols * g.rows)
  turbulenceGrid(js, g, z, seed, octaves)
  native!(c, g, z, seed, octaves)
  return { js: Buffer.from(js.buffer), c: Buffer.from(c.buffer) }
}

describe.skipIf(!native)(
  'the native turbulence grid (skipped without a C compiler: native/build.sh)',
  () => {
    it('writes the same floats as the JavaScript the editor runs', () => {
      // distort's own grids (a 1080x1920 frame, swirls from 20 to 2000 pixels, both axes),
      // lattices coarser and finer than the grid, negative positions, seeds of either sign.
      const cases: [GridPlacement, number, number, number?][] = [
        [{ cols: 136, rows: 241, x0: 0, y0: 0, step: 8 / 300 }, 0.37, 0x9e3779b1],
        [
          { cols: 136, rows: 241, x0: 57.31, y0: 21.7, step: 8 / 300 },
          0.37,
          0x9e3779b1 ^ 0x5bd1e995,
        ],
        [{ cols: 136, rows: 241, x0: 0, y0: 0, step: 8 / 20 }, 2.75, 7],
        [{ cols: 61, rows: 35, x0: 57.31, y0: 21.7, step: 8 / 2000 }, 0, 4294967295],
        [{ cols: 12, rows: 9, x0: -3.5, y0: -17.25, step: 3.3 }, -1.6, -123456],
        [{ cols: 40, rows: 30, x0: 57.31, y0: 21.7, step: 0.07 }, 1.37, 1234, 5],
        [{ cols: 1, rows: 1, x0: 0.5, y0: 0.5, step: 1 }, 0.5, 0, 1],
      ]
      for (const [g, z, seed, octaves] of cases) {
        const { js, c } = both(g, z, seed, octaves)
        expect(c.equals(js), JSON.stringify([g, z, seed])).toBe(true)
      }
    })

    it('leaves numbers past its exact range to the JavaScript, with the same result', () => {
      const { js, c } = both({ cols: 8, rows: 8, x0: 2 ** 31, y0: 0, step: 0.5 }, 0, 99)
      expect(c.equals(js)).toBe(true)
    })

    it('refuses an output smaller than the grid', () => {
      const small = new Float32Array(10)
      expect(() => native!(small, { cols: 8, rows: 8, x0: 0, y0: 0, step: 1 }, 0, 1)).toThrow(
        /sizes/,
      )
    })
  },
)
