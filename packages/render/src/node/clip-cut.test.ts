import { describe, expect, it } from 'vitest'
import { clipCut } from './clip-cut'

describe('clipCut', () => {
  it('cuts a third of a landscape clip for a portrait slide, on even pixels', () => {
    // A 1920x1080 clip pre-scaled to 3413x1920; the slide shows x 1166..2246.
    const cut = clipCut(
      { x: 1166, y: 0, width: 1080, height: 1920 },
      { width: 1920, height: 1080 },
      { width: 3413, height: 1920 },
    )
    expect(cut.source).toEqual({ x: 654, y: 0, width: 610, height: 1080 })
    expect(cut.target.x).toBeLessThanOrEqual(1166)
    expect(cut.target.x + cut.target.width).toBeGreaterThanOrEqual(1166 + 1080)
    expect(cut.target.height).toBe(1920)
  })

  it('keeps the whole frame when the whole frame is seen, and stays inside it', () => {
    const whole = { x: 0, y: 0, width: 1280, height: 720 }
    expect(clipCut(whole, { width: 640, height: 360 }, { width: 1280, height: 720 })).toEqual({
      source: { x: 0, y: 0, width: 640, height: 360 },
      target: whole,
    })
    for (const [rx, rw] of [
      [1, 7],
      [1277, 3],
      [333, 501],
    ] as const) {
      const { source, target } = clipCut(
        { x: rx, y: 5, width: rw, height: 11 },
        { width: 641, height: 361 },
        { width: 1283, height: 721 },
      )
      expect((source.x % 2) + (source.y % 2) + (source.width % 2) + (source.height % 2)).toBe(0)
      expect(source.x + source.width).toBeLessThanOrEqual(641)
      expect(target.x).toBeLessThanOrEqual(rx)
      expect(target.x + target.width).toBeGreaterThanOrEqual(Math.min(1283, rx + rw) - 1)
      expect(target.x + target.width).toBeLessThanOrEqual(1283)
    }
  })
})
