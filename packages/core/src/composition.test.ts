import { describe, expect, it } from 'vitest'
import { CompositionSchema, compositionDuration } from './composition'

function composition(overrides: Record<string, unknown> = {}) {
  return {
    movieParams: { width: 1920, height: 1080, voice: 'bdl' },
    composition: [
      {
        id: 'a1',
        filename: 'a1.png',
        duration: 3,
        effects: [{ name: 'zoom', params: {} }],
      },
      { id: 'b2', filename: 'b2.mp4', duration: 4.5, effects: [] },
    ],
    ...overrides,
  }
}

describe('CompositionSchema', () => {
  it('parses a composition and fills effect defaults', () => {
    const parsed = CompositionSchema.parse(composition())
    expect(parsed.movieParams).toEqual({ width: 1920, height: 1080, voice: 'bdl' })
    expect(parsed.composition[0]?.effects[0]).toEqual({
      name: 'zoom',
      params: { zoomStart: 100, zoomEnd: 180 },
    })
  })

  it("takes a missing voice as no narration ('Off')", () => {
    const parsed = CompositionSchema.parse(
      composition({ movieParams: { width: 1080, height: 1920 } }),
    )
    expect(parsed.movieParams.voice).toBeNull()
  })

  it('accepts a rendered video url or none', () => {
    expect(CompositionSchema.safeParse(composition({ renderedVideoUrl: null })).success).toBe(true)
    expect(
      CompositionSchema.safeParse(composition({ renderedVideoUrl: '/web/tasks/result/1' })).success,
    ).toBe(true)
  })

  it('rejects an odd width or height', () => {
    expect(
      CompositionSchema.safeParse(composition({ movieParams: { width: 1921, height: 1080 } }))
        .success,
    ).toBe(false)
    expect(
      CompositionSchema.safeParse(composition({ movieParams: { width: 1920, height: 1081 } }))
        .success,
    ).toBe(false)
  })

  it('rejects an empty slide list', () => {
    expect(CompositionSchema.safeParse(composition({ composition: [] })).success).toBe(false)
  })

  it('rejects a negative or zero slide duration', () => {
    for (const duration of [-1, 0]) {
      const slides = [{ id: 'a', filename: 'a.png', duration, effects: [] }]
      expect(CompositionSchema.safeParse(composition({ composition: slides })).success).toBe(false)
    }
  })

  it('rejects a slide with an unknown effect', () => {
    const slides = [
      { id: 'a', filename: 'a.png', duration: 2, effects: [{ name: 'x', params: {} }] },
    ]
    expect(CompositionSchema.safeParse(composition({ composition: slides })).success).toBe(false)
  })
})

describe('compositionDuration', () => {
  it('adds up the slide durations', () => {
    expect(compositionDuration(CompositionSchema.parse(composition()))).toBe(7.5)
  })
})
