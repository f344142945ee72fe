import { describe, expect, it } from 'vitest'
import { turbulence3 } from './random'
import { turbulenceGrid } from './turbulence-grid'

function grid(cols: number, rows: number, x0: number, y0: number, step: number, z: number) {
  const out = new Float32Array(cols * rows)
  turbulenceGrid(out, { cols, rows, x0, y0, step }, z, 1234)
  return out
}

describe('turbulenceGrid', () => {
  it('equals turbulence3 at every point when the lattice is coarser than the grid', () => {
    const [cols, rows, x0, y0, step, z] = [40, 30, 57.31, 21.7, 0.07, 1.37]
    const out = grid(cols, rows, x0, y0, step, z)
    for (let j = 0; j < rows; j++) {
      for (let i = 0; i < cols; i++) {
        const expected = turbulence3(x0 + i * step, y0 + j * step, z, 1234)
        expect(out[j * cols + i]).toBeCloseTo(expected, 5)
      }
    }
  })

  it('equals turbulence3 at every point when the grid is coarser than the lattice', () => {
    // Swirls smaller than the grid's step: each point hashes its own lattice corners.
    const [cols, rows, x0, y0, step, z] = [12, 9, 0, 0, 3.3, 0.5]
    const out = grid(cols, rows, x0, y0, step, z)
    for (let j = 0; j < rows; j++) {
      for (let i = 0; i < cols; i++) {
        expect(out[j * cols + i]).toBeCloseTo(turbulence3(i * step, j * step, z, 1234), 5)
      }
    }
  })

  it('evolves with z and differs by seed', () => {
    const a = grid(8, 8, 0, 0, 0.3, 0)
    const b = grid(8, 8, 0, 0, 0.3, 0.5)
    expect(a).not.toEqual(b)
    const other = new Float32Array(64)
    turbulenceGrid(other, { cols: 8, rows: 8, x0: 0, y0: 0, step: 0.3 }, 0, 99)
    expect(other).not.toEqual(a)
  })
})
