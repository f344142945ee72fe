import { SlideSchema, type AnimatedTextParams } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { drawFrame } from '../engine/draw-frame'
import { createSurface } from '../node/surface'
import { textBoxAt, type MeasureText } from './text-box'

// textBoxAt must give the box drawText lays its lines in: drawn by the engine on Skia (the
// same measurements as Chromium's, ARCHITECTURE.md), the text's ink must fall inside it.

const W = 540
const H = 960
const { ctx } = createSurface(W, H)
const measure: MeasureText = (font, text) => {
  ctx.font = font
  return ctx.measureText(text).width
}

/** The bounding box of the lit pixels of the slide's frame at t (white text on black). */
function ink(params: Partial<AnimatedTextParams>, t: number) {
  const slide = SlideSchema.parse({
    id: 'text',
    filename: 'text.png',
    duration: 4,
    effects: [
      {
        name: 'animated_text',
        params: {
          stream: false,
          fadeInDuration: 0,
          fadeOutDuration: 0,
          border: { color: { r: 0, g: 0, b: 0 }, width: 0 },
          ...params,
        },
      },
    ],
  })
  drawFrame(ctx, { width: W, height: H, slide, media: null }, t)
  const { data } = ctx.getImageData(0, 0, W, H)
  let [left, top, right, bottom] = [W, H, -1, -1]
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      if (data[(y * W + x) * 4]! > 60) {
        left = Math.min(left, x)
        right = Math.max(right, x + 1)
        top = Math.min(top, y)
        bottom = Math.max(bottom, y + 1)
      }
    }
  }
  return { left, top, right, bottom }
}

function expectInkInside(params: Partial<AnimatedTextParams>, t: number) {
  const box = textBoxAt({ stream: false, ...params }, t, W, H, measure)
  const lit = ink(params, t)
  expect(lit.right).toBeGreaterThan(0)
  // Glyphs may overhang their advance by a pixel or two (italic-free fonts barely do).
  expect(lit.left).toBeGreaterThanOrEqual(box.left - 2)
  expect(lit.right).toBeLessThanOrEqual(box.left + box.width + 2)
  expect(lit.top).toBeGreaterThanOrEqual(box.top - 2)
  expect(lit.bottom).toBeLessThanOrEqual(box.top + box.height + 2)
  return { box, lit }
}

describe('textBoxAt', () => {
  it('holds a one-line title, its width the line’s', () => {
    const { box, lit } = expectInkInside(
      {
        text: 'Summer in Lisbon',
        fontSize: 90,
        startPositionX: 40,
        startPositionY: 30,
        endPositionX: 40,
        endPositionY: 30,
      },
      1,
    )
    expect(lit.right - lit.left).toBeGreaterThan(box.width - 8)
    expect(box.left + box.width / 2).toBeCloseTo(0.4 * W, 5)
    expect(box.top + box.height / 2).toBeCloseTo(0.3 * H, 5)
  })

  it('follows the text from its start to its end position', () => {
    const params = {
      text: 'Moving',
      startPositionX: 30,
      startPositionY: 30,
      endPositionX: 70,
      endPositionY: 70,
      textStart: 0,
      textEnd: 4,
    }
    const start = expectInkInside(params, 0).box
    const middle = expectInkInside(params, 2).box
    expect(middle.centreX).toBeCloseTo(0.5 * W, 5)
    expect(middle.left).toBeGreaterThan(start.left)
    // Outside its time the box stays at the nearer end.
    expect(textBoxAt(params, 9, W, H, measure).centreX).toBeCloseTo(0.7 * W, 5)
  })

  it('wraps long text in a box of the given width and height', () => {
    const params = {
      text: 'A longer caption that wraps over a few lines',
      fontSize: 60,
      width: 300,
      height: 320,
      startPositionX: 50,
      startPositionY: 50,
      endPositionX: 50,
      endPositionY: 50,
    }
    const { box } = expectInkInside(params, 1)
    expect(box.width).toBe(300)
    expect(box.height).toBe(320)
  })

  it('keeps the box inside the margins, as the text is drawn', () => {
    const { box } = expectInkInside(
      {
        text: 'Edge',
        fontSize: 100,
        startPositionX: 100,
        startPositionY: 0,
        endPositionX: 100,
        endPositionY: 0,
      },
      1,
    )
    expect(box.left + box.width).toBeCloseTo(W * 0.95, 5)
    expect(box.top).toBeCloseTo(H * 0.07, 5)
    expect(box.centreX).toBe(W)
  })
})
