import { describe, expect, it } from 'vitest'
import { CompositionSchema } from './composition'
import {
  durationWithNarration,
  estimateNarrationSeconds,
  estimateWordTimings,
  hasSpeech,
  MAX_NARRATION_CHARS,
  NARRATION_PAUSE_SECONDS,
} from './narration'

describe('hasSpeech', () => {
  it('finds words or numbers in any script, and none in punctuation or symbols alone', () => {
    for (const text of ['Hello', 'a', '42', 'ß', '日本', '!!! yes'])
      expect(hasSpeech(text), text).toBe(true)
    for (const text of ['', '   ', '!!!', '   ...', '—', '?!', '😀', undefined]) {
      expect(hasSpeech(text), text).toBe(false)
    }
  })
})

describe('durationWithNarration', () => {
  it('keeps a slide that holds its narration, and stretches one that does not', () => {
    expect(durationWithNarration(4, 2)).toBe(4)
    expect(durationWithNarration(4, 0)).toBe(4)
    expect(durationWithNarration(2, 3.01)).toBe(3.5)
    expect(durationWithNarration(2, 3.01)).toBeGreaterThanOrEqual(3.01 + NARRATION_PAUSE_SECONDS)
  })
})

describe('estimateWordTimings', () => {
  it('spreads the words over the time in order, longer words taking longer', () => {
    const words = estimateWordTimings('A wonderful day, truly.', 3)
    expect(words.map((w) => w.text)).toEqual(['A', 'wonderful', 'day,', 'truly.'])
    for (const [i, w] of words.entries()) {
      expect(w.end).toBeGreaterThan(w.start)
      if (i > 0) expect(w.start).toBeGreaterThanOrEqual(words[i - 1]!.end)
    }
    expect(words[1]!.end - words[1]!.start).toBeGreaterThan(words[0]!.end - words[0]!.start)
    expect(words.at(-1)!.end).toBeCloseTo(3, 6)
    // The comma's pause leaves a gap before the next word.
    expect(words[3]!.start - words[2]!.end).toBeGreaterThan(0)
  })

  it('has nothing to time in an empty text or no time', () => {
    expect(estimateWordTimings('  ', 3)).toEqual([])
    expect(estimateWordTimings('Hello', 0)).toEqual([])
  })
})

describe('estimateNarrationSeconds', () => {
  it('grows with the words and is zero for silence', () => {
    expect(estimateNarrationSeconds('')).toBe(0)
    const short = estimateNarrationSeconds('Summer in Lisbon.')
    const long = estimateNarrationSeconds('Summer in Lisbon. Trams, tiles and sunsets every day.')
    expect(short).toBeGreaterThan(0.8)
    expect(long).toBeGreaterThan(short * 2)
  })
})

describe('narration in the composition', () => {
  const base = {
    movieParams: { width: 1080, height: 1920, voice: 'bdl' },
    composition: [{ id: 'a', filename: 'a.png', duration: 3, effects: [] }],
  }

  it('accepts slides with or without narration, and only known voices', () => {
    expect(CompositionSchema.safeParse(base).success).toBe(true)
    const spoken = { ...base, composition: [{ ...base.composition[0], narration: 'Hello.' }] }
    expect(CompositionSchema.parse(spoken).composition[0]!.narration).toBe('Hello.')
    const unknown = { ...base, movieParams: { ...base.movieParams, voice: 'lyubov' } }
    expect(CompositionSchema.safeParse(unknown).success).toBe(false)
    const off = { ...base, movieParams: { ...base.movieParams, voice: null } }
    expect(CompositionSchema.safeParse(off).success).toBe(true)
  })

  it('refuses a narration longer than a slide may carry', () => {
    const long = 'a'.repeat(MAX_NARRATION_CHARS + 1)
    const c = { ...base, composition: [{ ...base.composition[0], narration: long }] }
    expect(CompositionSchema.safeParse(c).success).toBe(false)
  })

  it('fills in the caption style from its defaults and refuses unknown fonts', () => {
    const on = { ...base, movieParams: { ...base.movieParams, captions: { enabled: true } } }
    expect(CompositionSchema.parse(on).movieParams.captions).toMatchObject({
      enabled: true,
      position: 'auto',
      background: 'box',
      font: 'Arial',
    })
    const bad = {
      ...base,
      movieParams: { ...base.movieParams, captions: { enabled: true, font: 'Wingdings' } },
    }
    expect(CompositionSchema.safeParse(bad).success).toBe(false)
  })
})
