import { DEFAULT_CAPTIONS, NARRATION_PAUSE_SECONDS } from '@storyreel/core'
import type { Composition, Slide } from '@storyreel/core'
import { describe, expect, test } from 'vitest'
import {
  WORDS_PER_SECOND,
  estimateNarrationSeconds,
  narratedComposition,
  narratedDuration,
  slideCaptions,
} from './narration-timing'

/** Thirteen words: five seconds at the narrator's pace. */
const THIRTEEN = 'One two three four five six seven eight nine ten eleven twelve thirteen.'

const slide = (narration?: string, duration = 2): Slide => ({
  id: 'a',
  filename: 'a.jpg',
  duration,
  effects: [],
  ...(narration === undefined ? {} : { narration }),
})

const composition = (voice: 'bdl' | null, slides: Slide[]): Composition => ({
  movieParams: { width: 1080, height: 1920, voice },
  renderedVideoUrl: null,
  composition: slides,
})

describe('narration timing', () => {
  test('guesses a reading time from the words', () => {
    expect(estimateNarrationSeconds('')).toBe(0)
    expect(estimateNarrationSeconds(THIRTEEN)).toBeCloseTo(13 / WORDS_PER_SECOND)
  })

  test('a slide stretches to hold what the voice says, with a pause after', () => {
    expect(narratedDuration(slide(THIRTEEN), 'bdl')).toBe(5 + NARRATION_PAUSE_SECONDS)
    expect(narratedDuration(slide(THIRTEEN, 8), 'bdl')).toBe(8)
    // Nothing is said without a voice, or without words.
    expect(narratedDuration(slide(THIRTEEN), null)).toBe(2)
    expect(narratedDuration(slide('   '), 'bdl')).toBe(2)
  })

  test('the composition as the render will time it, the same object when nothing stretches', () => {
    const quiet = composition('bdl', [slide(), slide('Hi.')])
    expect(narratedComposition(quiet)).toBe(quiet)
    const off = composition(null, [slide(THIRTEEN)])
    expect(narratedComposition(off)).toBe(off)
    const long = composition('bdl', [slide(), slide(THIRTEEN)])
    const stretched = narratedComposition(long)
    expect(stretched.composition.map((s) => s.duration)).toEqual([2, 5.4])
    expect(stretched.composition[0]).toBe(long.composition[0])
  })

  test('captions show the narration only when on, with a voice and words', () => {
    const movie = composition('bdl', []).movieParams
    const on = { ...movie, captions: { ...DEFAULT_CAPTIONS, enabled: true } }
    expect(slideCaptions(movie, slide(THIRTEEN))).toBeUndefined()
    expect(slideCaptions({ ...on, voice: null }, slide(THIRTEEN))).toBeUndefined()
    expect(slideCaptions(on, slide())).toBeUndefined()

    const captions = slideCaptions(on, slide(' Hello, bright world. '))!
    expect(captions.style).toBe(on.captions)
    expect(captions.words.map((w) => w.text)).toEqual(['Hello,', 'bright', 'world.'])
    expect(captions.words[0]!.start).toBe(0)
    expect(captions.words.at(-1)!.end).toBeCloseTo(3 / WORDS_PER_SECOND)
  })
})
