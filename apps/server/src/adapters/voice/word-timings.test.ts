import { describe, expect, it } from 'vitest'
import { toAscii } from './ascii-text'
import { charIndex, timeWords } from './word-timings'

describe('timeWords', () => {
  it('gives each word the times of the spans on it, merging the pieces of one word', () => {
    const text = 'It is 42 now.'
    // "42" is said as two words; offsets are those of the text as written.
    const spans = [
      { from: 0, to: 2, start: 0.1, end: 0.3 },
      { from: 3, to: 5, start: 0.3, end: 0.5 },
      { from: 6, to: 8, start: 0.5, end: 0.8 },
      { from: 6, to: 8, start: 0.8, end: 1.1 },
      { from: 9, to: 12, start: 1.1, end: 1.4 },
    ]
    expect(timeWords(text, spans, 1.6)).toEqual([
      { text: 'It', start: 0.1, end: 0.3 },
      { text: 'is', start: 0.3, end: 0.5 },
      { text: '42', start: 0.5, end: 1.1 },
      { text: 'now.', start: 1.1, end: 1.4 },
    ])
  })

  it('spreads unsaid words over the gap between their neighbours, in order, inside the audio', () => {
    const spans = [
      { from: 0, to: 3, start: 0, end: 0.5 },
      { from: 10, to: 14, start: 1.5, end: 2.5 },
    ]
    const words = timeWords('One — two three', spans, 2)!
    expect(words.map((w) => w.text)).toEqual(['One', '—', 'two', 'three'])
    expect(words[1]!.start).toBeCloseTo(0.5)
    expect(words[2]!.end).toBeCloseTo(1.5)
    expect(words[1]!.end).toBeLessThanOrEqual(words[2]!.start)
    expect(words[3]).toEqual({ text: 'three', start: 1.5, end: 2 })
  })

  it('is null when no span falls on a word', () => {
    expect(timeWords('Hello there', [], 1)).toBeNull()
  })

  it('reads UTF-8 byte offsets as character indices', () => {
    expect(charIndex('café au lait', 6)).toBe(5)
  })
})

describe('toAscii', () => {
  it('keeps letters without their accents, plain punctuation, and where each came from', () => {
    const { text, origin } = toAscii('“Café” — naïve…')
    expect(text).toBe('"Cafe" - naive...')
    expect(origin[text.indexOf('naive')]).toBe('“Café” — naïve…'.indexOf('naïve'))
  })

  it('leaves out what has no ASCII form', () => {
    expect(toAscii('Hi 👋 there').text).toBe('Hi  there')
  })
})
