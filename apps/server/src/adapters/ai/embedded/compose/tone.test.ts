import { describe, expect, it } from 'vitest'
import { FONTS } from '@storyreel/core'
import { detectTone, TONE_STYLES, TONES } from './tone'

describe('detectTone', () => {
  it('reads the mood from the suggestion’s words', () => {
    expect(detectTone('A quiet, peaceful morning by the lake')).toBe('calm')
    expect(detectTone('Epic surf trip, big waves and fast boards')).toBe('energetic')
    expect(detectTone('Summers at grandma’s house, years ago')).toBe('nostalgic')
    expect(detectTone('Our wedding anniversary in Paris')).toBe('romantic')
    expect(detectTone('Happy birthday Mia! What a party')).toBe('festive')
  })

  it('matches whole words and word stems, not parts of other words', () => {
    expect(detectTone('We are celebrating')).toBe('festive')
    expect(detectTone('Roman ruins and software')).toBe('calm')
    expect(detectTone('Memories of the old days')).toBe('nostalgic')
  })

  it('reads emoji too', () => {
    expect(detectTone('Mia 🎉🎂')).toBe('festive')
    expect(detectTone('Us ❤️')).toBe('romantic')
    expect(detectTone('Go 🔥🔥')).toBe('energetic')
  })

  it('takes the tone with most words, the earlier one on a tie', () => {
    expect(detectTone('A calm and quiet birthday')).toBe('calm')
    expect(detectTone('A calm birthday')).toBe('calm')
    expect(detectTone('A birthday party, calm')).toBe('festive')
  })

  it('falls back to the pictures’ moods, then to calm', () => {
    expect(detectTone('Lisbon', ['festive', 'joyful'])).toBe('festive')
    expect(detectTone('A quiet day', ['festive'])).toBe('calm')
    expect(detectTone('', [])).toBe('calm')
    expect(detectTone('!!! 🙂 ...')).toBe('calm')
  })
})

describe('TONE_STYLES', () => {
  it('gives each tone a font of the font table and a pace', () => {
    const fonts = new Set<string>(FONTS.map((f) => f.value))
    for (const tone of TONES) {
      const style = TONE_STYLES[tone]
      expect(fonts.has(style.font)).toBe(true)
      expect(style.imageSecondsMany).toBeLessThanOrEqual(style.imageSeconds)
    }
    expect(TONE_STYLES.energetic.imageSeconds).toBeLessThan(TONE_STYLES.calm.imageSeconds)
    expect(TONE_STYLES.energetic.zoomPerSecond).toBeGreaterThan(TONE_STYLES.calm.zoomPerSecond)
    expect(TONE_STYLES.nostalgic.font).toBe('Georgia')
    expect(TONE_STYLES.energetic.font).toBe('Impact')
  })
})
