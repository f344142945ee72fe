import { describe, expect, it } from 'vitest'
import {
  CompositionSchema,
  DEFAULT_VOICE,
  durationWithNarration,
  estimateNarrationSeconds,
  type ImageDescription,
} from '@storyreel/core'
import { captions, compose, slideDuration } from './composer'

function description(over: Partial<ImageDescription> = {}): ImageDescription {
  return {
    filename: 'abc.png',
    kind: 'image',
    width: 1200,
    height: 800,
    orientation: 'landscape',
    duration: null,
    dominantColors: ['#336699'],
    brightness: 0.5,
    sharpness: 0.3,
    focus: { x: 60, y: 40 },
    summary: 'A picture.',
    ...over,
  }
}

describe('compose', () => {
  it('makes one valid slide per file, in order, with fades and a zoom on the focus', () => {
    const ds = [
      description({ filename: 'a.png' }),
      description({ filename: 'b.jpg' }),
      description({ filename: 'c.webp' }),
    ]
    const c = compose(ds, '')
    expect(CompositionSchema.parse(c)).toEqual(c)
    expect(c.composition.map((s) => s.id)).toEqual(['a', 'b', 'c'])
    // Each slide lasts at least its default 4 s, longer when its narration needs it.
    for (const slide of c.composition) {
      expect(slide.duration).toBeGreaterThanOrEqual(4)
      expect(slide.duration).toBeGreaterThanOrEqual(
        durationWithNarration(0, estimateNarrationSeconds(slide.narration!)),
      )
    }
    for (const slide of c.composition) {
      const names = slide.effects.map((e) => e.name)
      expect(names).toContain('fade')
      expect(names).toContain('zoom')
      expect(names).not.toContain('animated_text')
    }
    const zoom = c.composition[0]!.effects.find((e) => e.name === 'zoom')!
    expect(zoom.params).toMatchObject({ zoomStart: 100, focusX: 60, focusY: 40 })
    // Alternating direction keeps a sequence of zooms from feeling mechanical.
    const second = c.composition[1]!.effects.find((e) => e.name === 'zoom')!
    expect(second.params).toMatchObject({ zoomEnd: 100 })
    expect(c.movieParams).toEqual({ width: 1920, height: 1080, voice: DEFAULT_VOICE })
  })

  it('turns the suggestion into a title on the first slide and captions after it', () => {
    const c = compose(
      [description({ filename: 'a.png' }), description({ filename: 'b.png' })],
      'Summer in Lisbon. Trams, tiles and sunsets!',
    )
    const title = c.composition[0]!.effects.find((e) => e.name === 'animated_text')!
    expect(title.params).toMatchObject({ text: 'Summer in Lisbon.', stream: true })
    const second = c.composition[1]!.effects.find((e) => e.name === 'animated_text')!
    expect(second.params).toMatchObject({ text: 'Trams, tiles and sunsets!' })
    if (title.name === 'animated_text') expect(title.params.textEnd).toBeLessThanOrEqual(4)
  })

  it('keeps video slides at their own length, within 2 to 10 s, and does not zoom them', () => {
    const clip = description({ filename: 'v.mp4', kind: 'video', duration: 6.42 })
    expect(slideDuration(clip, 1)).toBe(6.4)
    expect(slideDuration({ ...clip, duration: 30 }, 1)).toBe(10)
    expect(slideDuration({ ...clip, duration: 0.5 }, 1)).toBe(2)
    const c = compose([clip], '')
    expect(c.composition[0]!.effects.map((e) => e.name)).not.toContain('zoom')
  })

  it('shortens slides when there are many, and frames dark pictures with a vignette', () => {
    expect(slideDuration(description(), 9)).toBe(3)
    const c = compose([description({ brightness: 0.2 })], '')
    expect(c.composition[0]!.effects.map((e) => e.name)).toContain('vignette')
  })
})

describe('narration', () => {
  it('reads the suggestion one sentence per slide, then says what each picture shows', () => {
    const c = compose(
      [
        description({ filename: 'a.png' }),
        description({ filename: 'b.png', brightness: 0.8, dominantColors: ['#e8d040'] }),
        description({ filename: 'c.png', brightness: 0.2, dominantColors: ['#2050c0'] }),
        description({ filename: 'd.png' }),
      ],
      'Summer in Lisbon',
    )
    const lines = c.composition.map((s) => s.narration)
    expect(lines[0]).toBe('Summer in Lisbon.')
    expect(lines[1]).toMatch(/yellow/)
    expect(lines[2]).toMatch(/blue/)
    expect(lines[3]).toMatch(/end|remember/)
    expect(new Set(lines).size).toBe(4)
  })

  it('opens the story when there is no suggestion, and never leaves a slide silent', () => {
    const c = compose([description(), description({ kind: 'video', duration: 5 })], '')
    expect(c.composition[0]!.narration).toBe('Here is a story in 2 pictures.')
    expect(c.composition[1]!.narration).toMatch(/move|alive/)
  })

  it('stretches a slide whose sentence is long', () => {
    const long =
      'We walked for hours along the old city walls, talking about everything and nothing, until the sun went down behind the hills.'
    const c = compose([description()], long)
    expect(c.composition[0]!.duration).toBeGreaterThan(8)
  })
})

describe('captions', () => {
  it('splits sentences and lines, and cuts long ones at a word', () => {
    expect(captions('One. Two!\nThree')).toEqual(['One.', 'Two!', 'Three'])
    const long = captions('word '.repeat(40))[0]!
    expect(long.length).toBeLessThanOrEqual(71)
    expect(long.endsWith('…')).toBe(true)
    expect(captions('   ')).toEqual([])
  })
})
