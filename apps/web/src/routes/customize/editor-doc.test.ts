import {
  CompositionSchema,
  DEFAULT_CAPTIONS,
  DEFAULT_MUSIC_VOLUME,
  MAX_EFFECTS_PER_SLIDE,
  MAX_NARRATION_CHARS,
  MAX_SLIDES,
  newEffect,
} from '@storyreel/core'
import type { Composition, Slide } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import {
  addEffect,
  appendSlides,
  deleteEffect,
  deleteSlide,
  docMeta,
  duplicateSlide,
  fromComposition,
  moveSlide,
  replaceMedia,
  setCaptions,
  setDuration,
  setEffectParams,
  setFraming,
  setNarration,
  setTransition,
  setMusicTrack,
  setMusicVolume,
  setVoice,
  toComposition,
} from './editor-doc'
import { createHistory, record, undo } from './history'

function keys() {
  let n = 0
  return () => `k${++n}`
}

const slide = (id: string, extra: Partial<Slide> = {}): Slide => ({
  id,
  filename: `${id}.jpg`,
  duration: 2,
  effects: [],
  ...extra,
})

const composition: Composition = {
  movieParams: { width: 1080, height: 1920, voice: null },
  renderedVideoUrl: '/old.mp4',
  composition: [
    slide('a', {
      effects: [
        { ...newEffect('zoom'), params: { zoomStart: 100, zoomEnd: 118 }, source: 'AI' },
        newEffect('fade'),
      ],
    }),
    slide('b'),
    slide('c'),
  ],
}

const ids = (doc: ReturnType<typeof fromComposition>) => doc.slides.map((s) => s.slide.id)

describe('the editor doc', () => {
  it('round-trips a composition, keying every slide and effect and keeping the AI params', () => {
    const doc = fromComposition(composition, keys())
    expect(toComposition(doc)).toEqual(composition)
    expect(doc.slides.map((s) => s.key)).toEqual(['k1', 'k4', 'k5'])
    expect(doc.slides[0]!.effects).toEqual([
      { key: 'k2', aiParams: { zoomStart: 100, zoomEnd: 118 } },
      { key: 'k3' },
    ])
  })

  it('takes keys and AI params back from saved meta only while it fits the composition', () => {
    const first = fromComposition(composition, keys())
    const edited = setEffectParams(first, 0, 0, { zoomEnd: 200 })
    const meta = docMeta(edited)
    const again = fromComposition(toComposition(edited), () => 'new', meta)
    expect(again).toEqual(edited)

    // Another composition (say, composed again) gets fresh keys and its own AI params.
    const other = toComposition(moveSlide(edited, 0, 2))
    const fresh = fromComposition(other, () => 'new', meta)
    expect(fresh.slides.every((s) => s.key === 'new')).toBe(true)
    expect(fresh.slides[2]!.effects[0]!.aiParams).toEqual({ zoomStart: 100, zoomEnd: 200 })
  })

  it('moves a slide, the others closing up', () => {
    const doc = fromComposition(composition, keys())
    expect(ids(moveSlide(doc, 0, 2))).toEqual(['b', 'c', 'a'])
    expect(ids(moveSlide(doc, 2, 0))).toEqual(['c', 'a', 'b'])
    expect(moveSlide(doc, 1, 1)).toBe(doc)
    expect(moveSlide(doc, 0, 3)).toBe(doc)
  })

  it('duplicates a slide right after itself with new keys, sharing nothing', () => {
    const doc = fromComposition(composition, keys())
    const twice = duplicateSlide(doc, 0, () => 'copy')
    expect(ids(twice)).toEqual(['a', 'a', 'b', 'c'])
    const [original, copy] = twice.slides
    expect(copy!.key).toBe('copy')
    expect(copy!.effects.map((e) => e.key)).toEqual(['copy', 'copy'])
    expect(copy!.effects[0]!.aiParams).toEqual(original!.effects[0]!.aiParams)
    expect(copy!.slide).toEqual(original!.slide)
    expect(copy!.slide.effects[0]).not.toBe(original!.slide.effects[0])
    // Editing the copy leaves the original alone.
    const edited = setEffectParams(twice, 1, 0, { zoomEnd: 150 })
    expect(edited.slides[0]!.slide.effects[0]!.params).toMatchObject({ zoomEnd: 118 })
  })

  it('stops at the limits of a composition', () => {
    const full: Composition = {
      ...composition,
      composition: Array.from({ length: MAX_SLIDES }, (_, i) => slide(`s${i}`)),
    }
    const doc = fromComposition(full, keys())
    expect(duplicateSlide(doc, 0, keys())).toBe(doc)
    expect(appendSlides(doc, [slide('x')], keys())).toBe(doc)

    const one = fromComposition({ ...composition, composition: [slide('only')] }, keys())
    expect(deleteSlide(one, 0)).toBe(one)

    const crowded = fromComposition(
      {
        ...composition,
        composition: [
          slide('a', {
            effects: Array.from({ length: MAX_EFFECTS_PER_SLIDE }, () => newEffect('fade')),
          }),
        ],
      },
      keys(),
    )
    expect(addEffect(crowded, 0, newEffect('blur'), 'k')).toEqual(crowded)
  })

  it('deletes, replaces, retimes', () => {
    const doc = fromComposition(composition, keys())
    expect(ids(deleteSlide(doc, 1))).toEqual(['a', 'c'])
    const replaced = replaceMedia(doc, 1, 'f00d-1.png')
    expect(replaced.slides[1]!.slide).toMatchObject({ id: 'f00d-1', filename: 'f00d-1.png' })
    expect(replaced.slides[1]!.key).toBe(doc.slides[1]!.key)
    expect(setDuration(doc, 2, 3.5).slides[2]!.slide.duration).toBe(3.5)
    expect(setDuration(doc, 2, 0)).toBe(doc)
    expect(setDuration(doc, 2, 2)).toBe(doc)
    expect(setDuration(doc, 2, Number.NaN)).toBe(doc)
  })

  it('adds, changes and deletes effects, keeping their keys beside them', () => {
    const doc = fromComposition(composition, keys())
    const added = addEffect(doc, 1, newEffect('blur'), 'blur-key')
    expect(added.slides[1]!.slide.effects.map((e) => e.name)).toEqual(['blur'])
    expect(added.slides[1]!.effects).toEqual([{ key: 'blur-key' }])

    const merged = setEffectParams(added, 1, 0, { endBlur: 20 })
    expect(merged.slides[1]!.slide.effects[0]!.params).toEqual({ startBlur: 50, endBlur: 20 })
    const replaced = setEffectParams(doc, 0, 0, { zoomStart: 100, zoomEnd: 118 }, false)
    expect(replaced.slides[0]!.slide.effects[0]!.params).toEqual({ zoomStart: 100, zoomEnd: 118 })

    const removed = deleteEffect(doc, 0, 0)
    expect(removed.slides[0]!.slide.effects.map((e) => e.name)).toEqual(['fade'])
    expect(removed.slides[0]!.effects.map((e) => e.key)).toEqual([doc.slides[0]!.effects[1]!.key])
    expect(deleteEffect(doc, 0, 5)).toEqual(doc)
  })

  it('appends new slides, and what it makes is a valid composition', () => {
    const doc = appendSlides(
      fromComposition(composition, keys()),
      [slide('d', { effects: [newEffect('fade')] })],
      keys(),
    )
    expect(ids(doc)).toEqual(['a', 'b', 'c', 'd'])
    expect(doc.slides[3]!.effects).toHaveLength(1)
    expect(CompositionSchema.safeParse(toComposition(doc)).success).toBe(true)
  })

  it("writes and clears a slide's narration, within its limit", () => {
    const doc = fromComposition(composition, keys())
    const said = setNarration(doc, 1, 'A quiet beach at dawn.')
    expect(said.slides[1]!.slide.narration).toBe('A quiet beach at dawn.')
    expect(setNarration(said, 1, 'A quiet beach at dawn.')).toBe(said)
    expect(setNarration(doc, 1, '')).toBe(doc)
    const cleared = setNarration(said, 1, '')
    expect('narration' in cleared.slides[1]!.slide).toBe(false)
    const long = setNarration(doc, 0, 'x'.repeat(MAX_NARRATION_CHARS + 5))
    expect(long.slides[0]!.slide.narration).toHaveLength(MAX_NARRATION_CHARS)
    expect(CompositionSchema.safeParse(toComposition(long)).success).toBe(true)
  })

  it('sets the transition into the next slide, on an older slide without one too', () => {
    const doc = fromComposition(composition, keys())
    expect(doc.slides[0]!.slide.transition).toBeUndefined()
    const wipe = setTransition(doc, 0, { type: 'wipe', duration: 1.2 })
    expect(wipe.slides[0]!.slide.transition).toEqual({ type: 'wipe', duration: 1.2 })
    expect(wipe.slides[1]).toBe(doc.slides[1])
    expect(setTransition(wipe, 0, { type: 'wipe', duration: 1.2 })).toBe(wipe)
    const longer = setTransition(wipe, 0, { type: 'wipe', duration: 2 })
    expect(longer.slides[0]!.slide.transition!.duration).toBe(2)
    expect(setTransition(doc, 99, { type: 'cut', duration: 1 })).toBe(doc)
    expect(CompositionSchema.parse(toComposition(longer)).composition[0]!.transition).toEqual({
      type: 'wipe',
      duration: 2,
    })
    // It travels with its slide: moved, the slide turns into its new neighbour the same way.
    expect(moveSlide(longer, 0, 2).slides[2]!.slide.transition!.type).toBe('wipe')
    expect(duplicateSlide(longer, 0, keys()).slides[1]!.slide.transition!.type).toBe('wipe')
  })

  it("sets a slide's framing, absent counting as cover, and undoes it", () => {
    const doc = fromComposition(composition, keys())
    expect(setFraming(doc, 0, 'cover')).toBe(doc)
    const fitted = setFraming(doc, 0, 'fit')
    expect(fitted.slides[0]!.slide.framing).toBe('fit')
    expect(fitted.slides[1]).toBe(doc.slides[1])
    expect(setFraming(fitted, 0, 'fit')).toBe(fitted)
    expect(setFraming(fitted, 0, 'cover').slides[0]!.slide.framing).toBe('cover')
    expect(setFraming(doc, 99, 'fit')).toBe(doc)
    expect(CompositionSchema.parse(toComposition(fitted)).composition[0]!.framing).toBe('fit')

    const history = record(createHistory(doc), fitted)
    expect(undo(history, fitted).present).toBe(doc)
  })

  it('sets the music, keeping its volume from one track to the next, and turns it off', () => {
    const doc = fromComposition(composition, keys())
    expect(setMusicVolume(doc, 0.3)).toBe(doc)
    const calm = setMusicTrack(doc, 'still-water')
    expect(calm.movieParams.music).toEqual({ track: 'still-water', volume: DEFAULT_MUSIC_VOLUME })
    expect(setMusicTrack(calm, 'still-water')).toBe(calm)
    const quiet = setMusicVolume(calm, 0.2)
    expect(quiet.movieParams.music?.volume).toBe(0.2)
    expect(setMusicVolume(quiet, 7).movieParams.music?.volume).toBe(1)
    const own = setMusicTrack(quiet, 'a1b2.mp3')
    expect(own.movieParams.music).toEqual({ track: 'a1b2.mp3', volume: 0.2 })
    expect(CompositionSchema.safeParse(toComposition(own)).success).toBe(true)
    const off = setMusicTrack(own, null)
    expect(off.movieParams.music).toBeNull()
    expect(CompositionSchema.safeParse(toComposition(off)).success).toBe(true)
  })

  it('sets the voice and the captions of the whole video', () => {
    const doc = fromComposition(composition, keys())
    const voiced = setVoice(doc, 'slt')
    expect(voiced.movieParams.voice).toBe('slt')
    expect(setVoice(voiced, 'slt')).toBe(voiced)
    expect(setVoice(voiced, null).movieParams.voice).toBeNull()

    const on = setCaptions(doc, { enabled: true })
    expect(on.movieParams.captions).toEqual({ ...DEFAULT_CAPTIONS, enabled: true })
    expect(setCaptions(on, { enabled: true })).toBe(on)
    const moved = setCaptions(on, { position: 'top', size: 7.5 })
    expect(moved.movieParams.captions).toMatchObject({ enabled: true, position: 'top', size: 7.5 })
    expect(CompositionSchema.safeParse(toComposition(moved)).success).toBe(true)
  })
})
