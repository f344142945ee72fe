import { describe, expect, it } from 'vitest'
import { CompositionSchema, compositionDuration, MAX_MOVIE_SECONDS } from './composition'
import { MAX_SLIDE_SECONDS } from './limits'
import { MAX_EFFECTS_PER_SLIDE } from './slide'

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

describe('composition bounds', () => {
  const slide = (duration: number, effects: unknown[] = []) => ({
    id: 'a',
    filename: 'a.png',
    duration,
    effects,
  })
  const fields = (c: unknown) =>
    CompositionSchema.safeParse(c).error?.issues.map((i) => i.path.join('.')) ?? []

  it(`keeps the movie within ${MAX_MOVIE_SECONDS} seconds`, () => {
    const slides = (n: number) => Array.from({ length: n }, () => slide(MAX_SLIDE_SECONDS))
    const most = MAX_MOVIE_SECONDS / MAX_SLIDE_SECONDS
    expect(fields(composition({ composition: slides(most) }))).toEqual([])
    expect(fields(composition({ composition: slides(most + 1) }))).toEqual(['composition'])
  })

  it(`keeps each slide to ${MAX_EFFECTS_PER_SLIDE} effects`, () => {
    const effects = (n: number) => Array.from({ length: n }, () => ({ name: 'fade', params: {} }))
    expect(fields(composition({ composition: [slide(3, effects(10))] }))).toEqual([])
    expect(fields(composition({ composition: [slide(3, effects(11))] }))).toEqual([
      'composition.0.effects',
    ])
  })

  it('keeps text boxes inside the movie', () => {
    const box = (width: number, height: number) =>
      composition({
        movieParams: { width: 1080, height: 1920 },
        composition: [slide(3, [{ name: 'animated_text', params: { width, height } }])],
      })
    expect(fields(box(1080, 1920))).toEqual([])
    expect(fields(box(1920, 1080))).toEqual(['composition.0.effects.0.params.width'])
  })
})

describe('compositionDuration', () => {
  it('adds up the slide durations', () => {
    expect(compositionDuration(CompositionSchema.parse(composition()))).toBe(7.5)
  })
})
