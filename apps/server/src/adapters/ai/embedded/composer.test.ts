import { describe, expect, it } from 'vitest'
import {
  CompositionSchema,
  DEFAULT_MUSIC_VOLUME,
  DEFAULT_VOICE,
  durationWithNarration,
  estimateNarrationSeconds,
} from '@storyreel/core'
import { compose } from './composer'
import { description } from './compose/test-description'

describe('compose', () => {
  it('makes one valid slide per file, in order, dissolving into each other, with a zoom on the focus', () => {
    const ds = [
      description({ filename: 'a.png' }),
      description({ filename: 'b.jpg' }),
      description({ filename: 'c.webp' }),
    ]
    const c = compose(ds, '')
    expect(CompositionSchema.parse(c)).toEqual(c)
    expect(c.composition.map((s) => s.id)).toEqual(['a', 'b', 'c'])
    // Each slide lasts at least 3 s (its narrated share of the calm tone's 5 s), longer when its
    // narration needs it.
    for (const slide of c.composition) {
      expect(slide.duration).toBeGreaterThanOrEqual(3)
      expect(slide.duration).toBeGreaterThanOrEqual(
        durationWithNarration(0, estimateNarrationSeconds(slide.narration!)),
      )
    }
    for (const slide of c.composition) {
      const names = slide.effects.map((e) => e.name)
      expect(names).toContain('zoom')
      expect(names).not.toContain('animated_text')
      // Written on every slide, so a composition without it is known for an older one.
      expect(slide.transition).toEqual({ type: 'dissolve', duration: expect.any(Number) })
    }
    // Out of black at the start and into it at the end; nothing darkens the boundaries.
    const fades = c.composition.map((s) => s.effects.find((e) => e.name === 'fade')?.params)
    expect(fades).toEqual([
      expect.objectContaining({ fadeOutDuration: 0 }),
      undefined,
      expect.objectContaining({ fadeInDuration: 0 }),
    ])
    const zoom = c.composition[0]!.effects.find((e) => e.name === 'zoom')!
    expect(zoom.params).toMatchObject({ zoomStart: 100, focusX: 60, focusY: 40 })
    // Alternating direction keeps a sequence of zooms from feeling mechanical.
    const second = c.composition[1]!.effects.find((e) => e.name === 'zoom')!
    expect(second.params).toMatchObject({ zoomEnd: 100 })
    expect(c.movieParams).toEqual({
      width: 1920,
      height: 1080,
      voice: DEFAULT_VOICE,
      music: { track: 'still-water', volume: DEFAULT_MUSIC_VOLUME },
    })
  })

  it('writes what each picture shows on its slide, for the captions to keep clear of', () => {
    const cat = { label: 'cat', score: 0.6, box: { x: 40, y: 60, width: 20, height: 30 } }
    const ds = [
      description({ filename: 'a.png', subjects: [cat], subject: 'a cat' }),
      description({ filename: 'b.png' }),
    ]
    const [withCat, plain] = CompositionSchema.parse(compose(ds, '')).composition
    expect(withCat!.subjects).toEqual([cat])
    expect(plain!.subjects).toBeUndefined()
  })

  it("plays the built-in track of the suggestion's mood, at the default volume", () => {
    const ds = [description({ filename: 'a.png' }), description({ filename: 'b.jpg' })]
    expect(compose(ds, 'Birthday party with friends').movieParams.music).toEqual({
      track: 'bright-day',
      volume: DEFAULT_MUSIC_VOLUME,
    })
  })

  it('writes narration that fills most of the video: pictures last about as long as it is said', () => {
    for (const count of [2, 3, 6, 12]) {
      const files = Array.from({ length: count }, (_, i) => description({ filename: `${i}.png` }))
      const slides = compose(files, '').composition
      const total = slides.reduce((sum, s) => sum + s.duration, 0)
      const said = slides.reduce((sum, s) => sum + estimateNarrationSeconds(s.narration!), 0)
      expect(said / total).toBeGreaterThan(0.6)
    }
  })

  it('turns the suggestion into a title on the first slide and captions after it', () => {
    const c = compose(
      [description({ filename: 'a.png' }), description({ filename: 'b.png' })],
      'Summer in Lisbon. Trams, tiles and sunsets!',
    )
    const title = c.composition[0]!.effects.find((e) => e.name === 'animated_text')!
    // A title has no full stop.
    expect(title.params).toMatchObject({ text: 'Summer in Lisbon', stream: true })
    const second = c.composition[1]!.effects.find((e) => e.name === 'animated_text')!
    expect(second.params).toMatchObject({ text: 'Trams, tiles and sunsets!' })
    if (title.name === 'animated_text') {
      expect(title.params.textEnd).toBeLessThan(c.composition[0]!.duration)
    }
  })

  it('plays a clip at its own length, without a camera of its own', () => {
    const clip = description({ filename: 'v.mp4', kind: 'video', duration: 6.42 })
    const slide = compose([clip], '').composition[0]!
    expect(slide.duration).toBeGreaterThanOrEqual(6.4)
    expect(slide.duration).toBeLessThanOrEqual(6.4 + 1)
    expect(slide.effects.map((e) => e.name)).not.toContain('zoom')
    expect(slide.effects.map((e) => e.name)).not.toContain('pan')
  })

  it('shades bright pictures with a vignette, not dark ones', () => {
    const names = (brightness: number) =>
      compose([description({ brightness })], '').composition[0]!.effects.map((e) => e.name)
    expect(names(0.8)).toContain('vignette')
    expect(names(0.2)).not.toContain('vignette')
  })

  it('paces, letters and words the video in the suggestion’s tone', () => {
    const pictures = [description({ filename: 'a.png' }), description({ filename: 'b.png' })]
    const energetic = compose(pictures, 'Epic surf trip!')
    const nostalgic = compose(pictures, 'Summers at grandma’s house, years ago.')
    const font = (c: typeof energetic) =>
      c.composition[0]!.effects.find((e) => e.name === 'animated_text')!.params
    expect(font(energetic)).toMatchObject({ font: 'Impact' })
    expect(font(nostalgic)).toMatchObject({ font: 'Georgia' })
    expect(energetic.composition[1]!.duration).toBeLessThan(nostalgic.composition[1]!.duration)
    expect(energetic.composition[1]!.narration).toMatch(/!$/)
  })

  it('opens with a strong picture and keeps look-alikes apart', () => {
    const dark = description({ filename: 'dark.png', brightness: 0.1, sharpness: 0.05 })
    const bright = description({
      filename: 'bright.png',
      brightness: 0.6,
      sharpness: 0.5,
      dominantColors: ['#e8a030'],
    })
    expect(compose([dark, bright], '').composition.map((s) => s.id)).toEqual(['bright', 'dark'])
  })

  it('fits a portrait in the landscape movie and covers with a pan across a panorama', () => {
    const c = compose(
      [
        description({ filename: 'p.png', width: 3000, height: 4000, focus: { x: 50, y: 50 } }),
        description({ filename: 'w.png', width: 8000, height: 2000 }),
      ],
      '',
    )
    expect(c.composition.map((s) => s.framing)).toEqual(['fit', 'cover'])
    expect(c.composition[1]!.effects.map((e) => e.name)).toContain('pan')
  })

  it('frames for the chosen format: the same pictures fit, cover or pan as the frame asks', () => {
    const pictures = [
      description({ filename: 'p.png', width: 3000, height: 4000, focus: { x: 50, y: 50 } }),
      description({ filename: 'l.png', width: 1200, height: 800 }),
    ]
    const wide = compose(pictures, '', '16:9')
    const tall = compose(pictures, '', '9:16')
    expect(wide.composition.map((s) => s.framing)).toEqual(['fit', 'cover'])
    // In a tall frame the portrait fills it, and the landscape is travelled across.
    expect(tall.composition.map((s) => s.framing)).toEqual(['cover', 'cover'])
    const cameras = (c: typeof wide) =>
      c.composition.map((s) => s.effects.find((e) => e.name === 'zoom' || e.name === 'pan')!.name)
    expect(cameras(wide)).toEqual(['zoom', 'zoom'])
    expect(cameras(tall)).toEqual(['zoom', 'pan'])
    expect(tall.movieParams).toMatchObject({ width: 1080, height: 1920 })
    expect(compose(pictures, '', '1:1').movieParams).toMatchObject({ width: 1440, height: 1440 })
  })

  it('marks every effect as the AI’s, with why it was chosen', () => {
    const c = compose(
      [
        description({ filename: 'a.png', brightness: 0.8 }),
        description({ filename: 'b.png', width: 8000, height: 2000 }),
        description({ filename: 'c.mp4', kind: 'video', duration: 3 }),
      ],
      'One. Two. Three.',
    )
    for (const effect of c.composition.flatMap((s) => s.effects)) {
      expect(effect.source).toBe('AI')
      expect(effect.description).toBeTruthy()
    }
  })

  it('sets the text on the calm band of the picture, in a colour that stands out', () => {
    const d = description({
      width: 1920,
      height: 1080,
      calmRegion: { x: 0, y: 66.7, width: 100, height: 33.3, luma: 0.15 },
    })
    const text = compose([d], 'Night falls.').composition[0]!.effects.find(
      (e) => e.name === 'animated_text',
    )!
    expect(text.params).toMatchObject({ color: { r: 255, g: 255, b: 255 } })
    if (text.name === 'animated_text') expect(text.params.endPositionY).toBeGreaterThan(70)
    expect(text.description).toMatch(/calm bottom/)
  })
})

describe('narration', () => {
  it('opens with the suggestion, then says each picture’s colours on the story’s topic', () => {
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
    for (const line of lines.slice(1)) expect(line).toMatch(/Summer/)
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
