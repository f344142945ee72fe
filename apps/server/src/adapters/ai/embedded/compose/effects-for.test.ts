import { describe, expect, it } from 'vitest'
import { EffectSchema, type Effect } from '@storyreel/core'
import { cameraFor, effectsFor, transitionFor, type SlidePlan } from './effects-for'
import { description } from './test-description'
import { textBlockBound } from './text-placement'
import { TONE_STYLES } from './tone'

const MOVIE = { width: 1920, height: 1080 }

function plan(over: Partial<SlidePlan> = {}): SlidePlan {
  const d = over.description ?? description({ width: 3000, height: 2000 })
  return {
    description: d,
    index: 1,
    count: 3,
    duration: 5,
    style: TONE_STYLES.calm,
    framing: 'cover',
    camera: cameraFor(d, MOVIE),
    text: null,
    movie: MOVIE,
    ...over,
  }
}

const named = <N extends Effect['name']>(effects: Effect[], name: N) =>
  effects.find((e): e is Extract<Effect, { name: N }> => e.name === name)

describe('cameraFor', () => {
  it('zooms pictures, pans panoramas, and leaves clips to move on their own', () => {
    expect(cameraFor(description({ width: 3000, height: 2000 }), MOVIE)).toBe('zoom')
    expect(cameraFor(description({ width: 6000, height: 2000 }), MOVIE)).toBe('pan')
    expect(cameraFor(description({ kind: 'video', duration: 4 }), MOVIE)).toBeNull()
  })
})

describe('effectsFor', () => {
  it('marks every effect as the AI’s, says why, and puts the camera first', () => {
    const effects = effectsFor(
      plan({ index: 0, text: { text: 'Summer in Lisbon', role: 'title', start: 0.5 } }),
    )
    expect(effects.map((e) => e.name)).toEqual(['zoom', 'blur', 'fade', 'animated_text'])
    for (const e of effects) {
      expect(e.source).toBe('AI')
      expect(e.description?.length).toBeGreaterThan(10)
      expect(EffectSchema.parse(e)).toEqual(e)
    }
  })

  it('zooms toward the focus, alternating in and out, at the tone’s speed', () => {
    const d = description({ width: 3000, height: 2000, focus: { x: 30, y: 70 } })
    const zoomIn = named(effectsFor(plan({ description: d, index: 0 })), 'zoom')!
    expect(zoomIn.params).toMatchObject({ zoomStart: 100, focusX: 30, focusY: 70 })
    expect(zoomIn.description).toMatch(/lower left/)
    const out = named(effectsFor(plan({ description: d, index: 1 })), 'zoom')!
    expect(out.params.zoomEnd).toBe(100)
    const brisk = named(
      effectsFor(plan({ description: d, index: 0, style: TONE_STYLES.energetic })),
      'zoom',
    )!
    expect(brisk.params.zoomEnd).toBeGreaterThan(zoomIn.params.zoomEnd)
  })

  it('zooms a small picture less, so it stays sharp', () => {
    const small = description({ width: 1200, height: 800 })
    const zoom = named(effectsFor(plan({ description: small, index: 0, duration: 12 })), 'zoom')!
    expect(zoom.params.zoomEnd).toBeLessThanOrEqual(107)
    expect(zoom.description).toMatch(/small/)
  })

  it('pans a panorama instead of zooming', () => {
    const d = description({ width: 8000, height: 2000 })
    const names = effectsFor(plan({ description: d })).map((e) => e.name)
    expect(names).toContain('pan')
    expect(names).not.toContain('zoom')
  })

  it('blurs in the first slide only', () => {
    expect(named(effectsFor(plan({ index: 0 })), 'blur')?.params.endBlur).toBe(0)
    expect(named(effectsFor(plan({ index: 1 })), 'blur')).toBeUndefined()
  })

  it('shades bright or busy pictures, but not dark ones nor behind dark letters', () => {
    const has = (p: SlidePlan) => effectsFor(p).some((e) => e.name === 'vignette')
    expect(has(plan({ description: description({ brightness: 0.8 }) }))).toBe(true)
    expect(has(plan({ description: description({ sharpness: 0.7 }) }))).toBe(true)
    expect(has(plan({ description: description({ brightness: 0.2 }) }))).toBe(false)
    expect(has(plan({ description: description() }))).toBe(false)
    const calmSky = description({
      brightness: 0.8,
      calmRegion: { x: 0, y: 0, width: 100, height: 33.3, luma: 0.85 },
    })
    const caption = { text: 'Blue skies', role: 'caption' as const, start: 0.6 }
    expect(has(plan({ description: calmSky, text: caption }))).toBe(false)
  })

  it('fades out of black at the video’s start and into it at its end only, within a third of the slide', () => {
    const fade = (p: SlidePlan) => named(effectsFor(p), 'fade')?.params
    // Between slides the slides dissolve: no fade darkens a boundary.
    expect(fade(plan({ index: 1 }))).toBeUndefined()
    expect(fade(plan({ index: 0 }))).toMatchObject({ fadeOutDuration: 0 })
    expect(fade(plan({ index: 0 }))!.fadeInDuration).toBeGreaterThanOrEqual(0.6)
    expect(fade(plan({ index: 2 }))).toMatchObject({ fadeInDuration: 0 })
    expect(fade(plan({ index: 2 }))!.fadeOutDuration).toBeGreaterThanOrEqual(1.2)
    const alone = fade(plan({ index: 0, count: 1, duration: 1.5, style: TONE_STYLES.romantic }))!
    expect(alone.fadeInDuration + alone.fadeOutDuration).toBeLessThanOrEqual(1)
    expect(alone.fadeInDuration).toBeGreaterThan(0)
    expect(alone.fadeOutDuration).toBeGreaterThan(0)
    expect(fade(plan({ index: 0, style: TONE_STYLES.energetic }))!.fadeInDuration).toBeLessThan(
      fade(plan({ index: 0, style: TONE_STYLES.nostalgic }))!.fadeInDuration,
    )
  })

  it('dissolves each slide into the next at the tone’s pace', () => {
    expect(transitionFor(TONE_STYLES.calm)).toEqual({ type: 'dissolve', duration: 1 })
    expect(transitionFor(TONE_STYLES.energetic).duration).toBeLessThan(
      transitionFor(TONE_STYLES.nostalgic).duration,
    )
  })

  it('sets a title that would just wrap a little smaller, on one line', () => {
    const title = (text: string) =>
      named(
        effectsFor(plan({ index: 0, text: { text, role: 'title', start: 0.5 } })),
        'animated_text',
      )!.params
    const p = title("Our summers at grandma's house")
    expect(textBlockBound(p.text, p.fontSize, MOVIE).height).toBeCloseTo(
      (100 * p.fontSize * 1.2) / 1080,
    )
    expect(title('Surf trip!').fontSize).toBe(TONE_STYLES.calm.titleSize)
  })

  it('writes text in the tone’s font, from its start to just before the slide ends', () => {
    const text = named(
      effectsFor(
        plan({
          style: TONE_STYLES.nostalgic,
          text: { text: 'We played until dark.', role: 'caption', start: 0.7 },
        }),
      ),
      'animated_text',
    )!
    expect(text.params).toMatchObject({ font: 'Georgia', textStart: 0.7, stream: false })
    expect(text.params.textEnd).toBeLessThan(5)
    expect(text.description).toMatch(/Georgia/)
    expect(text.params.startPositionY).toBeGreaterThan(text.params.endPositionY)
  })
})

describe('a detected subject', () => {
  const cat = (x: number, width: number, height = 40) =>
    description({
      width: 9000,
      height: 3000,
      focus: { x: x + width / 2, y: 50 },
      subjects: [{ label: 'cat', score: 0.6, box: { x, y: 30, width, height } }],
    })
  const PORTRAIT = { width: 1080, height: 1920 }

  it('keeps the camera on it: a panorama with a subject zooms rather than pans', () => {
    expect(cameraFor(cat(80, 15), PORTRAIT)).toBe('zoom')
    expect(cameraFor(description({ width: 3000, height: 1000 }), PORTRAIT)).toBe('pan')
  })

  it('zooms toward it only as far as keeps it whole, and says so', () => {
    const d = cat(82, 15)
    const p = plan({ description: d, index: 0, movie: PORTRAIT, duration: 12, camera: 'zoom' })
    const zoom = named(effectsFor(p), 'zoom')!
    // The 9:16 crop holds 18.75 % of the width: 15 % of it may grow by 25 % at most.
    expect(zoom.params.zoomEnd).toBeLessThanOrEqual(125)
    expect(zoom.params.focusX).toBeCloseTo(89.5)
    expect(zoom.description).toMatch(/a cat/)
    expect(zoom.description).toMatch(/subject stays whole/)
  })
})
