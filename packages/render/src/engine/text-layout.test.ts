import { describe, expect, it } from 'vitest'
import { layoutText } from './text-layout'

// Every character 10 px wide.
const measure = (s: string) => s.length * 10

describe('layoutText', () => {
  it('keeps a short text on one line', () => {
    expect(layoutText('Hello world', 200, measure)).toEqual([
      { text: 'Hello world', start: 0, width: 110 },
    ])
  })

  it('wraps at spaces, dropping them, and keeps offsets into the original text', () => {
    const lines = layoutText('one two three four', 90, measure)
    expect(lines.map((l) => l.text)).toEqual(['one two', 'three', 'four'])
    expect(lines.map((l) => l.start)).toEqual([0, 8, 14])
  })

  it('honours newlines', () => {
    expect(layoutText('a\nb c', 500, measure).map((l) => [l.text, l.start])).toEqual([
      ['a', 0],
      ['b c', 2],
    ])
  })

  it('breaks a word wider than the box between characters', () => {
    const lines = layoutText('abcdefghij xy', 40, measure)
    expect(lines.map((l) => l.text)).toEqual(['abcd', 'efgh', 'ij', 'xy'])
    expect(lines.map((l) => l.start)).toEqual([0, 4, 8, 11])
  })

  it('gives an empty line for empty text', () => {
    expect(layoutText('', 100, measure)).toEqual([{ text: '', start: 0, width: 0 }])
  })

  it('measures a long text in time linear in its length', () => {
    // 3,000 short words on one very wide line: remeasuring the growing line cost ~9M characters.
    const text = Array.from({ length: 3000 }, (_, i) => `w${i % 10}`).join(' ')
    let measured = 0
    const counting = (s: string) => {
      measured += s.length
      return measure(s)
    }
    expect(layoutText(text, 1e12, counting)).toHaveLength(1)
    expect(layoutText(text, 100, counting).length).toBeGreaterThan(100)
    expect(measured).toBeLessThan(4 * text.length)
  })
})
