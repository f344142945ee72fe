import { describe, expect, it } from 'vitest'
import { analyzePixels, colourName } from './analyze-pixels'

function image(w: number, h: number, pixel: (x: number, y: number) => [number, number, number]) {
  const data = new Uint8ClampedArray(w * h * 4)
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const [r, g, b] = pixel(x, y)
      data.set([r, g, b, 255], (y * w + x) * 4)
    }
  }
  return data
}

describe('analyzePixels', () => {
  it('reads black as dark, flat and centred', () => {
    const s = analyzePixels(
      image(20, 10, () => [0, 0, 0]),
      20,
      10,
    )
    expect(s.brightness).toBe(0)
    expect(s.sharpness).toBe(0)
    expect(s.focus).toEqual({ x: 50, y: 50 })
    expect(s.dominantColors).toEqual(['#000000'])
  })

  it('reads white as bright', () => {
    expect(
      analyzePixels(
        image(8, 8, () => [255, 255, 255]),
        8,
        8,
      ).brightness,
    ).toBeCloseTo(1)
  })

  it('orders colours by how much of the picture they cover', () => {
    const s = analyzePixels(
      image(10, 10, (x) => (x < 7 ? [200, 30, 30] : [30, 30, 200])),
      10,
      10,
    )
    expect(s.dominantColors).toEqual(['#c81e1e', '#1e1ec8'])
    expect(colourName(s.dominantColors[0]!)).toBe('red')
    expect(colourName(s.dominantColors[1]!)).toBe('blue')
  })

  it('leans the focus towards the detail', () => {
    // A checkerboard in the bottom-right quarter, flat grey elsewhere.
    const s = analyzePixels(
      image(40, 40, (x, y) =>
        x > 25 && y > 25
          ? ((x >> 1) + (y >> 1)) % 2
            ? [255, 255, 255]
            : [0, 0, 0]
          : [128, 128, 128],
      ),
      40,
      40,
    )
    expect(s.focus.x).toBeGreaterThan(60)
    expect(s.focus.y).toBeGreaterThan(60)
    const smooth = analyzePixels(
      image(40, 40, (x) => [x * 6, x * 6, x * 6]),
      40,
      40,
    )
    expect(s.sharpness).toBeGreaterThan(smooth.sharpness)
  })
})
