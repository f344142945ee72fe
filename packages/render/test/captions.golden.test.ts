import { createCanvas } from '@napi-rs/canvas'
import { CaptionsSchema, SlideSchema, TEXT_MARGIN, type WordTiming } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { drawFrame, type Scene } from '../src/engine'
import { createSurface } from '../src/node'
import type { Picture } from './helpers'

/**
 * Caption frames drawn by drawFrame on the Node surface, over a mid-grey picture, checked for
 * what a viewer sees: the words, the spoken one lit, the band or the outline, all inside the
 * margins, and nothing outside the speech.
 */
const GREY = 128
const words: WordTiming[] = [
  { text: 'Hello', start: 0.2, end: 0.6 },
  { text: 'there', start: 0.6, end: 1 },
  { text: 'world', start: 1, end: 1.5 },
]

function grey(width: number, height: number) {
  const c = createCanvas(width, height)
  const ctx = c.getContext('2d')
  ctx.fillStyle = `rgb(${GREY},${GREY},${GREY})`
  ctx.fillRect(0, 0, width, height)
  return { source: c as unknown as CanvasImageSource, width, height }
}

function draw(
  size: [number, number],
  t: number,
  style: object | null,
  effects: unknown[] = [],
): Picture {
  const [width, height] = size
  const { canvas, ctx } = createSurface(width, height)
  const scene: Scene = {
    width,
    height,
    slide: SlideSchema.parse({ id: 's', filename: 's.png', duration: 3, effects }),
    media: grey(width, height),
    captions: style
      ? { style: CaptionsSchema.parse({ enabled: true, ...style }), words }
      : undefined,
  }
  drawFrame(ctx, scene, t)
  return { width, height, data: new Uint8Array(canvas.data()) }
}

/** Bounding box and centre of the pixels passing a test. */
function where(p: Picture, test: (r: number, g: number, b: number) => boolean) {
  let count = 0
  let [minX, minY, maxX, maxY, sumX] = [Infinity, Infinity, -Infinity, -Infinity, 0]
  for (let y = 0; y < p.height; y++) {
    for (let x = 0; x < p.width; x++) {
      const i = (y * p.width + x) * 4
      if (!test(p.data[i]!, p.data[i + 1]!, p.data[i + 2]!)) continue
      count++
      sumX += x
      minX = Math.min(minX, x)
      maxX = Math.max(maxX, x)
      minY = Math.min(minY, y)
      maxY = Math.max(maxY, y)
    }
  }
  return { count, minX, maxX, minY, maxY, cx: sumX / count }
}

const lit = (r: number, g: number, b: number) => r > 200 && g > 160 && b < 110
const white = (r: number, g: number, b: number) => r > 235 && g > 235 && b > 235
const changed = (r: number, g: number, b: number) =>
  Math.max(Math.abs(r - GREY), Math.abs(g - GREY), Math.abs(b - GREY)) > 2
const same = (a: Picture, b: Picture) => Buffer.compare(Buffer.from(a.data), Buffer.from(b.data))

describe('captions on the frame', () => {
  const portrait: [number, number] = [540, 960]
  const landscape: [number, number] = [960, 540]

  it('draw nothing before the first word, long after the last, or when disabled', () => {
    const plain = draw(portrait, 0.5, null)
    expect(same(draw(portrait, 0.1, {}), draw(portrait, 0.1, null))).toBe(0)
    expect(same(draw(portrait, 3, {}), draw(portrait, 3, null))).toBe(0)
    expect(same(draw(portrait, 0.5, { enabled: false }), plain)).toBe(0)
  })

  it('light the spoken word, which moves along the line as speech goes on', () => {
    const first = where(draw(portrait, 0.3, {}), lit)
    const last = where(draw(portrait, 1.2, {}), lit)
    expect(first.count).toBeGreaterThan(100)
    expect(last.cx).toBeGreaterThan(first.cx + 50)
    expect(where(draw(portrait, 0.3, {}), white).count).toBeGreaterThan(first.count)
  })

  for (const [name, size] of [
    ['portrait', portrait],
    ['landscape', landscape],
  ] as const) {
    it(`sit on a dark band inside the margins at the bottom (${name})`, () => {
      const [width, height] = size
      const f = draw(size, 0.7, {})
      const band = where(f, changed)
      expect(band.minX).toBeGreaterThanOrEqual(Math.floor((width * TEXT_MARGIN.x) / 100))
      expect(band.maxX).toBeLessThanOrEqual(Math.ceil(width * (1 - TEXT_MARGIN.x / 100)))
      expect(band.maxY).toBeLessThanOrEqual(Math.ceil(height * (1 - TEXT_MARGIN.y / 100)))
      expect(band.minY).toBeGreaterThan(height * 0.75)
      // Dark behind the words: the band's pixels that are not letters are darker than the picture.
      const dark = where(f, (r, g, b) => r < GREY - 40 && g < GREY - 40 && b < GREY - 40)
      expect(dark.count).toBeGreaterThan(band.count / 3)
    })
  }

  it('with an outline, edge the letters in dark and leave the picture around them', () => {
    const f = draw(landscape, 0.7, { background: 'outline', position: 'top' })
    const letters = where(f, white)
    const edges = where(f, (r, g, b) => r < 40 && g < 40 && b < 40)
    expect(edges.count).toBeGreaterThan(letters.count / 4)
    expect(edges.minX).toBeGreaterThanOrEqual(letters.minX - 10)
    expect(edges.maxX).toBeLessThanOrEqual(letters.maxX + 10)
    expect(letters.maxY).toBeLessThan(540 / 3)
  })

  it("fade with the slide: the slide's fade covers them too", () => {
    const fade = [{ name: 'fade', params: { fadeInDuration: 10, fadeOutDuration: 0 } }]
    const dark = draw(portrait, 0.3, {}, fade)
    expect(where(dark, (r, g, b) => Math.max(r, g, b) > 12).count).toBe(0)
  })
})
