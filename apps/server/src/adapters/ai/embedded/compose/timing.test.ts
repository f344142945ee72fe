import { describe, expect, it } from 'vitest'
import {
  durationWithNarration,
  estimateNarrationSeconds,
  MAX_MOVIE_SECONDS,
  narrationSecondsBound,
} from '@storyreel/core'
import { description } from './test-description'
import {
  baseSeconds,
  fitNarration,
  NARRATED_PICTURE_SHARE,
  narrationCapSeconds,
  slideSeconds,
} from './timing'
import { TONE_STYLES } from './tone'

const calm = TONE_STYLES.calm
const quiet = { pans: false, narrated: false }

describe('baseSeconds', () => {
  it('plays a clip at its own length, within 2 to 10 s', () => {
    const clip = description({ kind: 'video', duration: 6.42 })
    expect(baseSeconds(clip, 1, calm, quiet)).toBe(6.4)
    expect(baseSeconds({ ...clip, duration: 30 }, 1, calm, quiet)).toBe(10)
    expect(baseSeconds({ ...clip, duration: 0.5 }, 1, calm, quiet)).toBe(2)
    expect(baseSeconds(clip, 1, calm, { pans: false, narrated: true })).toBe(6.4)
  })

  it('gives pictures the tone’s time, less when there are many, more for a pan', () => {
    expect(baseSeconds(description(), 3, calm, quiet)).toBe(calm.imageSeconds)
    expect(baseSeconds(description(), 9, calm, quiet)).toBe(calm.imageSecondsMany)
    expect(baseSeconds(description(), 3, TONE_STYLES.energetic, quiet)).toBe(3)
    expect(baseSeconds(description(), 3, calm, { pans: true, narrated: false })).toBeGreaterThan(
      calm.imageSeconds,
    )
  })

  it('gives a narrated picture little time of its own: its narration sizes the slide', () => {
    const narrated = { pans: false, narrated: true }
    expect(baseSeconds(description(), 3, calm, narrated)).toBe(3)
    // The tone's pace is kept.
    expect(baseSeconds(description(), 3, TONE_STYLES.energetic, narrated)).toBeCloseTo(
      3 * NARRATED_PICTURE_SHARE,
    )
    expect(baseSeconds(description(), 3, calm, { pans: true, narrated: true })).toBeGreaterThan(3)
  })
})

describe('slideSeconds', () => {
  const none = { base: 4, textStart: 0, text: null, revealSeconds: 0, narration: '', last: false }

  it('lasts long enough to read the text and say the narration', () => {
    const narration =
      'We walked for hours along the old city walls, talking about everything and nothing.'
    const seconds = slideSeconds({ ...none, base: 3, narration })
    expect(seconds).toBe(durationWithNarration(3, estimateNarrationSeconds(narration)))
    const text = 'A caption of a good length for reading on screen, about sixty.'
    const reading = slideSeconds({ ...none, base: 2, textStart: 0.5, text })
    expect(reading).toBeGreaterThanOrEqual(0.5 + text.length / 15)
    const typed = slideSeconds({ ...none, base: 2, textStart: 0.5, text, revealSeconds: 1.5 })
    expect(typed).toBeCloseTo(reading + 1.5)
  })

  it('lets the last slide linger', () => {
    expect(slideSeconds({ ...none, last: true })).toBe(slideSeconds(none) + 1)
  })
})

describe('narrationCapSeconds', () => {
  it('keeps fifty narrated slides inside the longest movie', () => {
    expect(narrationCapSeconds(1)).toBe(16)
    expect(narrationCapSeconds(10)).toBe(16)
    expect(50 * (narrationCapSeconds(50) + 1)).toBeLessThan(MAX_MOVIE_SECONDS)
  })
})

describe('fitNarration', () => {
  it('keeps a line that fits', () => {
    expect(fitNarration('Summer in Lisbon.', 12)).toBe('Summer in Lisbon.')
  })

  it('cuts a long line at a word, by both the estimate and the render’s bound', () => {
    const long = 'We walked along the old walls, '.repeat(10).trim()
    const cut = fitNarration(long, 6)
    expect(cut.endsWith('…')).toBe(true)
    expect(cut).not.toMatch(/,…$/)
    expect(long.startsWith(cut.slice(0, -1))).toBe(true)
    expect(estimateNarrationSeconds(cut)).toBeLessThanOrEqual(6)
    expect(narrationSecondsBound(cut)).toBeLessThanOrEqual(6)
    // Digits are read as words: the bound counts them long.
    const digits = fitNarration('1234567890 '.repeat(10), 4)
    expect(narrationSecondsBound(digits)).toBeLessThanOrEqual(4)
    expect(fitNarration('x'.repeat(500), 3).length).toBeLessThanOrEqual(30)
  })
})
