import { estimateNarrationSeconds, NARRATION_PAUSE_SECONDS } from '@storyreel/core'
import type { Composition, Slide } from '@storyreel/core'
import { describe, expect, test } from 'vitest'
import { narratedComposition, slideTiming, spokenKey } from './narration-timing'

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
    expect(holdsIt(slideTiming(slide(THIRTEEN), 'bdl').seconds)).toBe(true)
    expect(slideTiming(slide(THIRTEEN, 8), 'bdl').seconds).toBe(8)
    // Nothing is said without a voice, or without words.
    expect(slideTiming(slide(THIRTEEN), null).seconds).toBe(2)
    expect(slideTiming(slide('   '), 'bdl').seconds).toBe(2)
  })

  test("the voice's measured length replaces the estimate, by core's rule", () => {
    const measured = { [spokenKey(THIRTEEN, 'bdl')]: 7.02 }
    expect(slideTiming(slide(THIRTEEN), 'bdl', measured)).toEqual({
      seconds: 7.5,
      spoken: 7.02,
      known: true,
    })
    expect(slideTiming(slide(THIRTEEN, 9), 'bdl', measured)).toEqual({
      seconds: 9,
      spoken: 7.02,
      known: true,
    })
    // Another voice, or a text not measured yet, is estimated.
    expect(slideTiming(slide(THIRTEEN), 'bdl')).toMatchObject({ spoken: SAID, known: false })
    expect(slideTiming(slide(`${THIRTEEN} More.`), 'bdl', measured).known).toBe(false)
    // Nothing to read is known at once: the set duration.
    expect(slideTiming(slide(THIRTEEN), null)).toEqual({ seconds: 2, spoken: 0, known: true })
    const timed = narratedComposition(composition('bdl', [slide(), slide(THIRTEEN)]), measured)
    expect(timed.composition.map((s) => s.duration)).toEqual([2, 7.5])
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
