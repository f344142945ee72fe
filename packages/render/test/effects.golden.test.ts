import { ANIMATED_TEXT_DEFAULTS, type Composition, type Effect } from '@storyreel/core'
import { readFile } from 'node:fs/promises'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { easeInOut } from '../src/engine'
import { renderComposition } from '../src/node'
import {
  detail,
  grabFrame,
  mean,
  psnr,
  tempDir,
  writePng,
  writeSolid,
  writeTestCard,
  zoomed,
  type Picture,
} from './helpers'

/**
 * Golden tests: one small render with a slide per effect (1 s = 30 frames each), then frames
 * grabbed from the MP4 and checked for what a viewer would see.
 */
const W = 320
const H = 568
const text = (
  params: Partial<typeof ANIMATED_TEXT_DEFAULTS> & Record<string, unknown>,
): Effect => ({
  name: 'animated_text',
  params: {
    ...ANIMATED_TEXT_DEFAULTS,
    fadeInDuration: 0,
    fadeOutDuration: 0,
    textStart: 0,
    textEnd: 1,
    stream: false,
    border: { color: { r: 0, g: 0, b: 0 }, width: 0 },
    ...params,
  } as never,
})
const at = (x: number, y: number) => ({
  startPositionX: x,
  startPositionY: y,
  endPositionX: x,
  endPositionY: y,
})

const SLIDES: { file: string; effects: Effect[] }[] = [
  { file: 'card.png', effects: [{ name: 'zoom', params: { zoomStart: 100, zoomEnd: 150 } }] },
  { file: 'card.png', effects: [{ name: 'blur', params: { startBlur: 0, endBlur: 100 } }] },
  {
    file: 'card.png',
    effects: [{ name: 'fade', params: { fadeInDuration: 0.3, fadeOutDuration: 0.3 } }],
  },
  {
    file: 'grey.png',
    effects: [
      {
        name: 'vignette',
        params: {
          amount: 60,
          size: 0.9,
          roundness: 0.7,
          feather: 0.8,
          animate: false,
          startAmount: 0,
          endAmount: 0,
          startSize: 1,
          endSize: 1,
        },
      },
    ],
  },
  {
    file: 'rust.png',
    effects: [
      {
        name: 'distort',
        params: {
          takeRedFrom: 2,
          takeGreenFrom: 3,
          takeBlueFrom: 1,
          turbulentDisplaceAmount: 0,
          turbulentDisplaceSize: 100,
          turbulentDisplaceEvolution: 0,
          noiseAmount: 0,
        },
      },
    ],
  },
  {
    file: 'night.png',
    effects: [
      text({
        text: 'HELLO',
        fontSize: 110,
        color: { r: 255, g: 0, b: 0 },
        border: { color: { r: 255, g: 255, b: 255 }, width: 8 },
        ...at(30, 25),
      }),
    ],
  },
  {
    file: 'night.png',
    effects: [
      text({ text: 'MMMMMMMMMMMM', fontSize: 60, stream: true, charsPerSecond: 12, ...at(50, 50) }),
    ],
  },
  {
    file: 'night.png',
    effects: [
      text({ text: 'Wide words', fontSize: 80, font: 'Arial', ...at(50, 30) }),
      text({ text: 'Wide words', fontSize: 80, font: 'Courier', ...at(50, 70) }),
    ],
  },
  { file: 'card.png', effects: [{ name: 'pan', params: {} }] },
]

let dir: string
let video: string
const progress: number[] = []
const frames = new Map<number, Picture>()
const frame = async (slide: number, i: number) => {
  const n = slide * 30 + i
  if (!frames.has(n)) frames.set(n, await grabFrame(video, n))
  return frames.get(n)!
}

beforeAll(async () => {
  dir = await tempDir()
  await writeTestCard(join(dir, 'card.png'), 1200, 800)
  await writeSolid(join(dir, 'grey.png'), 400, 400, 'rgb(160,160,160)')
  await writeSolid(join(dir, 'rust.png'), 400, 400, 'rgb(200,50,20)')
  await writeSolid(join(dir, 'night.png'), 400, 400, 'rgb(16,32,48)')
  const composition: Composition = {
    movieParams: { width: W, height: H, voice: null },
    composition: SLIDES.map((s, i) => ({
      id: `s${i}`,
      filename: s.file,
      duration: 1,
      effects: s.effects,
    })),
  }
  video = join(dir, 'out.mp4')
  await renderComposition({
    composition,
    resolveMedia: (f) => join(dir, f),
    outFile: video,
    thumbnailFile: join(dir, 'out.jpg'),
    onProgress: (p) => progress.push(p),
  })
}, 120_000)

/** Pixels where the picture is close to a colour, and their bounding box. */
function where(
  p: Picture,
  test: (r: number, g: number, b: number) => boolean,
  x0 = 0,
  y0 = 0,
  w = p.width,
  h = p.height,
) {
  let count = 0
  let minX = Infinity
  let maxX = -Infinity
  let sumX = 0
  let sumY = 0
  for (let y = y0; y < y0 + h; y++) {
    for (let x = x0; x < x0 + w; x++) {
      const i = (y * p.width + x) * 4
      if (!test(p.data[i]!, p.data[i + 1]!, p.data[i + 2]!)) continue
      count++
      minX = Math.min(minX, x)
      maxX = Math.max(maxX, x)
      sumX += x
      sumY += y
    }
  }
  return { count, width: maxX - minX + 1, cx: sumX / count, cy: sumY / count }
}

describe('render output', () => {
  it('reports rising progress up to 100', () => {
    expect(progress.at(-1)).toBe(100)
    expect(progress).toEqual([...progress].sort((a, b) => a - b))
  })

  it('writes a thumbnail JPEG of the first slide', async () => {
    const jpeg = await readFile(join(dir, 'out.jpg'))
    expect(jpeg.subarray(0, 2)).toEqual(Buffer.from([0xff, 0xd8]))
  })
})

describe('golden frames', () => {
  it('zoom: the end frame is the start frame scaled by zoomEnd/zoomStart about the centre', async () => {
    const start = await frame(0, 0)
    const end = await frame(0, 29)
    const z = 1 + 0.5 * easeInOut(29 / 30)
    const expected = zoomed(start, z)
    await writePng(join(dir, 'zoom-expected.png'), expected)
    expect(psnr(end, expected)).toBeGreaterThan(24)
    expect(psnr(end, expected)).toBeGreaterThan(psnr(end, start) + 6)
  })

  it('zoom: moves smoothly, every frame a little more than the last', async () => {
    const diffs: number[] = []
    let prev = await frame(0, 10)
    for (let i = 11; i <= 16; i++) {
      const f = await frame(0, i)
      diffs.push(psnr(prev, f))
      prev = f
    }
    // No repeated frames (integer-step zooms stall) and no jumps.
    for (const d of diffs) expect(d).toBeLessThan(45)
    expect(Math.max(...diffs) - Math.min(...diffs)).toBeLessThan(4)
  })

  it('blur: fine detail fades as the blur grows', async () => {
    // Radius 0, 2 and 4.7 px; past that the compressed frames keep only a floor of detail.
    const d = [detail(await frame(1, 0)), detail(await frame(1, 5)), detail(await frame(1, 12))]
    expect(d[1]).toBeLessThan(d[0] * 0.6)
    expect(d[2]).toBeLessThan(d[1] * 0.8)
  })

  it('fade: black at the first and last frames, the picture in between', async () => {
    expect(mean(await frame(2, 0), -1)).toBeLessThan(3)
    expect(mean(await frame(2, 29), -1)).toBeLessThan(3)
    expect(mean(await frame(2, 15), -1)).toBeGreaterThan(80)
    const half = mean(await frame(2, 4), -1)
    expect(half).toBeGreaterThan(20)
    expect(half).toBeLessThan(mean(await frame(2, 15), -1) - 20)
  })

  it('vignette: corners darker than the centre by the amount', async () => {
    const f = await frame(3, 15)
    const centre = mean(f, -1, W / 2 - 10, H / 2 - 10, 20, 20)
    const corner = mean(f, -1, 0, 0, 6, 6)
    expect(centre).toBeGreaterThan(150)
    expect(corner / centre).toBeGreaterThan(0.3)
    expect(corner / centre).toBeLessThan(0.5)
  })

  it('distort: takes red from green, green from blue, blue from red', async () => {
    const f = await frame(4, 15)
    expect(mean(f, 0)).toBeCloseTo(50, -1)
    expect(mean(f, 1)).toBeCloseTo(20, -1)
    expect(mean(f, 2)).toBeCloseTo(200, -1)
  })

  it('text: appears at its position, in its colour, outlined by its border', async () => {
    const f = await frame(5, 15)
    const red = where(f, (r, g, b) => r > 200 && g < 60 && b < 60)
    const white = where(f, (r, g, b) => r > 220 && g > 220 && b > 220)
    expect(red.count).toBeGreaterThan(300)
    expect(white.count).toBeGreaterThan(300)
    expect(red.cx).toBeCloseTo(0.3 * W, -1)
    expect(red.cy).toBeCloseTo(0.25 * H, -1)
    // The border surrounds the glyphs: its pixels centre on the text too.
    expect(white.cx).toBeCloseTo(red.cx, -1)
    expect(where(f, (r) => r > 200, 0, H / 2, W, H / 2).count).toBe(0)
  })

  it('stream_text: grows by charsPerSecond', async () => {
    const lit = async (i: number) => where(await frame(6, i), (r, g, b) => r + g + b > 600).count
    const [a, b, c] = [await lit(10), await lit(20), await lit(29)]
    expect(a).toBeGreaterThan(0)
    expect(b / a).toBeGreaterThan(1.6)
    expect(b / a).toBeLessThan(2.4)
    // 4, 8 and 11 characters at 1/3, 2/3 and 29/30 of a second
    expect(c / a).toBeGreaterThan(2.4)
    expect(c / a).toBeLessThan(3.1)
  })

  it('font: Courier sets the same words wider than Arial', async () => {
    const f = await frame(7, 15)
    const bright = (r: number, g: number, b: number) => r + g + b > 600
    const arial = where(f, bright, 0, 0, W, H / 2)
    const courier = where(f, bright, 0, H / 2, W, H / 2)
    expect(courier.width).toBeGreaterThan(arial.width * 1.1)
  })

  it('pan: moves across the media from its left edge to its right edge', async () => {
    const first = await frame(8, 0)
    const last = await frame(8, 29)
    // The card's bands run red, green, blue, yellow, cyan, magenta from left to right.
    expect(mean(first, 0, 0, 0, 40, H)).toBeGreaterThan(mean(first, 2, 0, 0, 40, H) + 80)
    expect(mean(last, 2, W - 40, 0, 40, H)).toBeGreaterThan(mean(last, 1, W - 40, 0, 40, H) + 80)
  })
})
