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

describe('the calm region', () => {
  const checker = (x: number, y: number): [number, number, number] =>
    ((x >> 1) + (y >> 1)) % 2 ? [255, 255, 255] : [0, 0, 0]

  it('is the third with the least detail, with its mean luma', () => {
    // A flat pale sky over a busy ground.
    const sky = analyzePixels(
      image(30, 30, (x, y) => (y < 10 ? [230, 230, 230] : checker(x, y))),
      30,
      30,
    )
    expect(sky.calmRegion).toEqual({ x: 0, y: 0, width: 100, height: 33.3, luma: 0.902 })
    const ground = analyzePixels(
      image(30, 30, (x, y) => (y >= 20 ? [20, 20, 20] : checker(x, y))),
      30,
      30,
    )
    expect(ground.calmRegion).toMatchObject({ y: 66.7, height: 33.3 })
    expect(ground.calmRegion.luma).toBeLessThan(0.1)
    const middle = analyzePixels(
      image(30, 30, (x, y) => (y >= 10 && y < 20 ? [128, 128, 128] : checker(x, y))),
      30,
      30,
    )
    expect(middle.calmRegion.y).toBe(33.3)
  })

  it('keeps to the bottom third when no band is clearly calmer', () => {
    const flat = analyzePixels(
      image(30, 30, () => [90, 90, 90]),
      30,
      30,
    )
    expect(flat.calmRegion.y).toBe(66.7)
    const busy = analyzePixels(image(30, 30, checker), 30, 30)
    expect(busy.calmRegion.y).toBe(66.7)
  })

  it('is the whole picture when it is too small to measure', () => {
    expect(
      analyzePixels(
        image(4, 2, () => [255, 255, 255]),
        4,
        2,
      ).calmRegion,
    ).toEqual({ x: 0, y: 0, width: 100, height: 100, luma: 1 })
  })
})

describe('colourName', () => {
  it('names a colour by its hue, and greys, black and white by their lightness', () => {
    const names = {
      '#c81e1e': 'red',
      '#1e1ec8': 'blue',
      '#e8d040': 'yellow',
      '#ff8802': 'orange',
      '#3f6b3a': 'green',
      '#2a9d9d': 'teal',
      '#8e44ad': 'purple',
      // A dusky pink and a navy: nearest in RGB, they were grey and black.
      '#a8546b': 'pink',
      '#0d1229': 'blue',
      '#6b4423': 'brown',
      '#f5dbaa': 'golden',
      '#7b8ea7': 'blue',
      '#808080': 'grey',
      '#050505': 'black',
      '#fff2df': 'white',
      'not a colour': 'black',
    }
    for (const [hex, name] of Object.entries(names))
      expect([hex, colourName(hex)]).toEqual([hex, name])
  })
})
