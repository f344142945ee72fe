import { describe, expect, it } from 'vitest'
import { estimateWordTimings, type WordTiming } from './narration'
import { narrationWebVtt, VTT_CUE_MAX_CHARS, VTT_CUE_MAX_WORDS } from './webvtt'

const TIME = String.raw`(\d{2}):(\d{2}):(\d{2})\.(\d{3})`
const seconds = (stamp: string) => {
  const [, h, m, s, ms] = new RegExp(`^${TIME}$`).exec(stamp)!
  return Number(h) * 3600 + Number(m) * 60 + Number(s) + Number(ms) / 1000
}

interface Cue {
  start: number
  end: number
  text: string
  /** Each word's timestamp tag, in seconds, in order. */
  tags: number[]
  /** The words, tags and escapes removed. */
  words: string[]
}

/** Reads a WebVTT file strictly: the header, then cues "start --> end" and one line of text. */
function parse(vtt: string): Cue[] {
  expect(vtt.startsWith('WEBVTT\n\n')).toBe(true)
  expect(vtt.endsWith('\n')).toBe(true)
  return vtt
    .trimEnd()
    .split('\n\n')
    .slice(1)
    .map((block) => {
      const [timing, text, ...rest] = block.split('\n')
      expect(rest).toEqual([])
      const m = new RegExp(`^(${TIME.replace(/\(/g, '(?:')}) --> (${TIME.replace(/\(/g, '(?:')})$`)
      const [, from, to] = m.exec(timing!)!
      const tags = [...text!.matchAll(new RegExp(`<(${TIME.replace(/\(/g, '(?:')})>`, 'g'))].map(
        (t) => seconds(t[1]!),
      )
      expect(text).not.toMatch(/-->/)
      expect(text!.replace(/<[^>]*>/g, '')).not.toMatch(/[<>]/)
      const words = text!
        .replace(/<[^>]*>/g, '')
        .split(' ')
        .map((w) => w.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'))
      return { start: seconds(from!), end: seconds(to!), text: text!, tags, words }
    })
}

const words = (text: string, seconds: number) => estimateWordTimings(text, seconds)

describe('narrationWebVtt', () => {
  const slides = [
    { start: 0, words: words('Every summer we drove to the coast. The sea was cold.', 4) },
    { start: 4.4, words: words('Years later, we came back with our own children and dogs.', 5) },
  ]
  const cues = parse(narrationWebVtt(slides))

  it('gives every word once, in order', () => {
    expect(cues.flatMap((c) => c.words)).toEqual(slides.flatMap((s) => s.words.map((w) => w.text)))
  })

  it('cuts the words into caption lines: a few words, a sentence at most', () => {
    for (const c of cues) {
      expect(c.words.length).toBeLessThanOrEqual(VTT_CUE_MAX_WORDS)
      expect(c.words.join(' ').length).toBeLessThanOrEqual(VTT_CUE_MAX_CHARS)
    }
    expect(cues[0]!.words).toEqual(['Every', 'summer', 'we', 'drove', 'to', 'the', 'coast.'])
    expect(cues[1]!.words).toEqual(['The', 'sea', 'was', 'cold.'])
  })

  it('cuts a sentence into even lines, never leaving its last word alone', () => {
    const [c1, c2] = parse(
      narrationWebVtt([{ start: 0, words: words('Those were the best days of our lives.', 3) }]),
    )
    expect([c1!.words.length, c2!.words.length]).toEqual([4, 4])
  })

  it("times cues on the video: each slide's words from the slide's start, in order, apart", () => {
    expect(cues[0]!.start).toBe(0)
    const second = cues.find((c) => c.words[0] === 'Years')!
    expect(second.start).toBeCloseTo(4.4, 3)
    for (const [k, c] of cues.entries()) {
      expect(c.end).toBeGreaterThan(c.start)
      if (k > 0) expect(c.start).toBeGreaterThanOrEqual(cues[k - 1]!.end)
    }
    expect(cues.at(-1)!.end).toBeCloseTo(9.4, 3)
  })

  it('leads each word after the first with its start, strictly inside the cue and rising', () => {
    for (const c of cues) {
      expect(c.tags.length).toBe(c.words.length - 1)
      let last = c.start
      for (const tag of c.tags) {
        expect(tag).toBeGreaterThan(last)
        expect(tag).toBeLessThan(c.end)
        last = tag
      }
    }
    const all = slides.flatMap((s) => s.words.map((w) => s.start + w.start))
    const firsts = new Set(cues.map((c) => c.start))
    const tagged = cues.flatMap((c) => c.tags)
    expect(tagged).toEqual(
      all.filter((t) => !firsts.has(Math.round(t * 1000) / 1000)).map((t) => expect.closeTo(t, 3)),
    )
  })

  it('escapes &, < and >, and keeps a word on one line', () => {
    const odd: WordTiming[] = [
      { text: 'Tom', start: 0, end: 0.3 },
      { text: '&', start: 0.3, end: 0.4 },
      { text: '<Jerry>', start: 0.4, end: 0.8 },
      { text: '-->', start: 0.8, end: 1 },
      { text: 'a\nb', start: 1, end: 1.2 },
    ]
    const [c] = parse(narrationWebVtt([{ start: 0, words: odd }]))
    expect(c!.text).toContain('&amp;')
    expect(c!.text).toContain('&lt;Jerry&gt;')
    expect(c!.words).toEqual(['Tom', '&', '<Jerry>', '-->', 'a', 'b'])
  })

  it('gives words that start together one tag, and writes hours past the first', () => {
    const same: WordTiming[] = [
      { text: 'one', start: 0, end: 0.2 },
      { text: 'two', start: 0.2, end: 0.2 },
      { text: 'three', start: 0.2, end: 0.5 },
    ]
    const [c] = parse(narrationWebVtt([{ start: 3725.5, words: same }]))
    expect(narrationWebVtt([{ start: 3725.5, words: same }])).toContain(
      '01:02:05.500 --> 01:02:06.000',
    )
    expect(c!.tags).toEqual([3725.7])
  })

  it('is an empty file without words', () => {
    expect(narrationWebVtt([])).toBe('WEBVTT\n')
    expect(narrationWebVtt([{ start: 1, words: [] }])).toBe('WEBVTT\n')
  })
})
