import { estimateNarrationSeconds, NARRATION_PAUSE_SECONDS } from '@storyreel/core'
import type { Composition, Slide } from '@storyreel/core'
import { describe, expect, test } from 'vitest'
import { narratedComposition, narratedDuration } from './narration-timing'

/** Thirteen words: longer to say than a two-second slide, shorter than an eight-second one. */
const THIRTEEN = 'One two three four five six seven eight nine ten eleven twelve thirteen.'
const SAID = estimateNarrationSeconds(THIRTEEN)
/** A slide long enough to say it and pause after, to the tenth of a second above. */
const holdsIt = (seconds: number) =>
  seconds >= SAID + NARRATION_PAUSE_SECONDS && seconds < SAID + NARRATION_PAUSE_SECONDS + 0.1

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
  test('a slide stretches to hold what the voice says, with a pause after', () => {
    expect(holdsIt(narratedDuration(slide(THIRTEEN), 'bdl'))).toBe(true)
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
    expect(holdsIt(stretched.composition[1]!.duration)).toBe(true)
    expect(stretched.composition[0]).toBe(long.composition[0])
  })
})
