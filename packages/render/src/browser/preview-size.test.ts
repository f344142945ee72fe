import { SlideSchema } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { previewSize, previewSlide } from './preview-size'

const slide = (effects: unknown[]) =>
  SlideSchema.parse({ id: 'a', filename: 'a.jpg', duration: 4, effects })

describe('previewSize', () => {
  it('scales the movie so its long side is 960', () => {
    expect(previewSize(1080, 1920)).toEqual({ width: 540, height: 960, scaleX: 0.5, scaleY: 0.5 })
    expect(previewSize(1920, 1080)).toMatchObject({ width: 960, height: 540 })
    expect(previewSize(1080, 1080)).toMatchObject({ width: 960, height: 960 })
    expect(previewSize(1080, 1350)).toMatchObject({ width: 768, height: 960 })
  })

  it('never scales a small movie up', () => {
    expect(previewSize(360, 640)).toEqual({ width: 360, height: 640, scaleX: 1, scaleY: 1 })
  })

  it('rounds to whole pixels and says by how much each side scaled', () => {
    const size = previewSize(1000, 1998)
    expect(size).toMatchObject({ width: 480, height: 960 })
    expect(size.scaleX).toBeCloseTo(0.48)
    expect(size.scaleY).toBeCloseTo(960 / 1998)
  })
})

describe('previewSlide', () => {
  const half = previewSize(1080, 1920)

  it('scales text boxes given in movie pixels to the preview', () => {
    const s = slide([
      { name: 'zoom', params: {} },
      { name: 'animated_text', params: { width: 600, height: 200 } },
      { name: 'stream_text', params: { width: 300 } },
    ])
    const out = previewSlide(s, half)
    expect(out.effects[0]).toBe(s.effects[0])
    expect(out.effects[1]!.params).toMatchObject({ width: 300, height: 100 })
    expect(out.effects[2]!.params).toMatchObject({ width: 150, height: undefined })
    // The saved slide is left alone.
    expect(s.effects[1]!.params).toMatchObject({ width: 600, height: 200 })
  })

  it('gives the same object back while nothing changed, so text layouts stay cached', () => {
    const s = slide([{ name: 'animated_text', params: { width: 600 } }])
    expect(previewSlide(s, half)).toBe(previewSlide(s, half))
    expect(previewSlide(s, previewSize(1080, 1920, 480))).not.toBe(previewSlide(s, half))
  })

  it('leaves a slide without boxes, or a preview at movie size, as it is', () => {
    const s = slide([{ name: 'animated_text', params: {} }])
    expect(previewSlide(s, half)).toBe(s)
    const boxed = slide([{ name: 'animated_text', params: { width: 600 } }])
    expect(previewSlide(boxed, previewSize(360, 640))).toBe(boxed)
  })
})

describe('previewSlide and grain', () => {
  it('scales distort’s grain as the video’s averages out at the preview’s size', () => {
    const s = slide([{ name: 'distort', params: { noiseAmount: 40 } }])
    expect(previewSlide(s, previewSize(1080, 1920)).effects[0]!.params).toMatchObject({
      noiseAmount: 20,
    })
    const none = slide([{ name: 'distort', params: { noiseAmount: 0 } }])
    expect(previewSlide(none, previewSize(1080, 1920))).toBe(none)
  })
})
