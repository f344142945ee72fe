import type { Effect, Slide } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { slideMediaView } from './media-view'
import { FPS, frameInfo } from './frame'
import { visibleRegion } from './visible-region'

const slide = (effects: Effect[], more: Partial<Slide> = {}): Slide => ({
  id: 's',
  filename: 'clip.mp4',
  duration: 2,
  effects,
  ...more,
})
const zoom: Effect = { name: 'zoom', params: { zoomStart: 100, zoomEnd: 130 } }

/** A landscape clip (1920x1080) in a portrait frame (1080x1920). */
const region = (s: Slide) => visibleRegion(s, 1080, 1920, 1920, 1080)

describe('visibleRegion', () => {
  it('holds every frame’s crop, and only the slice of a landscape clip a portrait frame shows', () => {
    const s = slide([zoom])
    const r = region(s)
    const frame = { ...frameInfo(1080, 1920, s, null), mediaWidth: 1920, mediaHeight: 1080 }
    for (let i = 0; i <= s.duration * FPS; i++) {
      const { crop } = slideMediaView(s, i / FPS, frame)
      expect(crop.sx).toBeGreaterThanOrEqual(r.x)
      expect(crop.sy).toBeGreaterThanOrEqual(r.y)
      expect(crop.sx + crop.sw).toBeLessThanOrEqual(r.x + r.width)
      expect(crop.sy + crop.sh).toBeLessThanOrEqual(r.y + r.height)
    }
    // At zoom 1 the frame shows 1080 / (1920 / 1080) = 607.5 of the 1920 columns, centred.
    expect(r.width).toBeLessThan(620)
    expect(r.x + r.width / 2).toBeCloseTo(960, -1)
    expect(r.height).toBe(1080)
  })

  it('spans the whole path of a pan', () => {
    const r = region(slide([{ name: 'pan', params: {} }]))
    expect(r.x).toBe(0)
    expect(r.width).toBe(1920)
  })

  it('grows by a blur’s reach, which samples picture beyond the frame’s edges', () => {
    const sharp = region(slide([zoom]))
    const blurred = region(slide([zoom, { name: 'blur', params: { startBlur: 50, endBlur: 50 } }]))
    // 20 px at 1080 reach 60 px or more of the frame, 34 px or more of the clip at this scale.
    expect(sharp.x - blurred.x).toBeGreaterThanOrEqual(33)
    expect(blurred.width - sharp.width).toBeGreaterThanOrEqual(66)
  })

  it('is the whole media for a fitted slide, whose backdrop shows all of it', () => {
    expect(region(slide([zoom], { framing: 'fit' }))).toEqual({
      x: 0,
      y: 0,
      width: 1920,
      height: 1080,
    })
  })
})
