import {
  ANIMATED_TEXT_DEFAULTS,
  type Box,
  type Captions,
  CaptionsSchema,
  DEFAULT_CAPTIONS,
  estimateNarrationSeconds,
  SUBJECT_COVER_SHARE,
  TEXT_MARGIN,
  type MovieParams,
  type Slide,
  type WordTiming,
} from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { createCanvas } from '@napi-rs/canvas'
import { registerFonts } from '../node/fonts'
import { drawFrame } from './draw-frame'
import { frameInfo } from './frame'
import type { Ctx } from './types'
import {
  captionAt,
  captionBlock,
  captionMetrics,
  captionPlacement,
  estimatedCaptions,
  hiddenByCaptions,
  MAX_PAGE_WORDS,
  PAGE_HOLD,
  paginateCaptions,
  type CaptionPage,
} from './captions'

/** A monospaced font: 10 px a character, spaces included. */
const measure = (s: string) => s.length * 10

/** Words 0.3 s long, one after another, each 0.1 s after the last. */
function spoken(text: string, pauseAfter: Record<number, number> = {}): WordTiming[] {
  let at = 0
  return text.split(' ').map((word, i) => {
    const w = { text: word, start: at, end: at + 0.3 }
    at = w.end + 0.1 + (pauseAfter[i] ?? 0)
    return w
  })
}

const texts = (page: CaptionPage) => page.lines.map((l) => l.words.map((w) => w.text).join(' '))

describe('paginateCaptions', () => {
  it('cuts a phrase into even pages of a few words, not a full page and a lone word', () => {
    const words = spoken('one two three four five six seven eight')
    const pages = paginateCaptions(words, 1000, measure)
    expect(pages.map(texts)).toEqual([['one two three four'], ['five six seven eight']])
    for (const p of paginateCaptions(spoken(Array(30).fill('w').join(' ')), 1000, measure)) {
      expect(p.last - p.first + 1).toBeLessThanOrEqual(MAX_PAGE_WORDS)
    }
  })

  it('starts a new page after a sentence and after a long pause', () => {
    const words = spoken('Hi there. How are you doing today friend', { 4: 1 })
    expect(paginateCaptions(words, 1000, measure).map(texts)).toEqual([
      ['Hi there.'],
      ['How are you'],
      ['doing today friend'],
    ])
  })

  it('prefers a break after a comma', () => {
    const words = spoken('We walked along, and then we sat down')
    expect(paginateCaptions(words, 1000, measure).map(texts)).toEqual([
      ['We walked along,'],
      ['and then we sat down'],
    ])
  })

  it('sets a page on two even lines when one is too wide, never more', () => {
    const words = spoken('aaaa bbbb cccc dddd eeee ffff')
    const [page] = paginateCaptions(words, 150, measure)
    expect(texts(page!)).toEqual(['aaaa bbbb cccc', 'dddd eeee ffff'])
    for (const p of paginateCaptions(spoken('aaaa bbbb cccc dddd eeee ffff gggg'), 100, measure)) {
      expect(p.lines.length).toBeLessThanOrEqual(2)
      for (const l of p.lines) expect(l.width).toBeLessThanOrEqual(100)
    }
  })

  it('places each word where the text before it ends', () => {
    const [page] = paginateCaptions(spoken('ab cde f'), 1000, measure)
    expect(page!.lines[0]!.words.map((w) => [w.index, w.x])).toEqual([
      [0, 0],
      [1, 30],
      [2, 70],
    ])
    expect(page!.lines[0]!.width).toBe(80)
  })

  it('breaks a word wider than a line between characters, alone on its page', () => {
    const long = 'x'.repeat(35)
    const pages = paginateCaptions(spoken(`a ${long} b`), 100, measure)
    const page = pages.find((p) => p.first === 1)!
    expect(page.last).toBe(1)
    expect(page.lines.map((l) => l.words[0]!.text).join('')).toBe(long)
    for (const l of page.lines) expect(l.width).toBeLessThanOrEqual(100)
  })
})

describe('captionAt', () => {
  const words = spoken('one two three four. five six')
  const pages = paginateCaptions(words, 1000, measure)

  it('shows nothing before the first word', () => {
    expect(captionAt(pages, words, -0.1)).toBeNull()
    expect(captionAt(pages, words, 0)).toMatchObject({ spoken: 0, page: { first: 0 } })
  })

  it('lights the word being spoken, and keeps it lit until the next starts', () => {
    expect(captionAt(pages, words, 0.45)?.spoken).toBe(1)
    expect(captionAt(pages, words, words[2]!.end + 0.05)?.spoken).toBe(2)
  })

  it('turns the page when the next page starts', () => {
    expect(captionAt(pages, words, words[4]!.start - 0.01)?.page.first).toBe(0)
    expect(captionAt(pages, words, words[4]!.start)).toMatchObject({
      spoken: 4,
      page: { first: 4 },
    })
  })

  it('lingers briefly after the last word, unlit, then shows nothing', () => {
    const end = words.at(-1)!.end
    expect(captionAt(pages, words, end + PAGE_HOLD / 2)).toMatchObject({ spoken: null })
    expect(captionAt(pages, words, end + PAGE_HOLD)).toBeNull()
    expect(captionAt(pages, words, end + 10)).toBeNull()
  })

  it('shows nothing without words', () => {
    expect(captionAt(paginateCaptions([], 1000, measure), [], 1)).toBeNull()
  })
})

describe('captionMetrics and captionBlock', () => {
  const style = (over: object) => CaptionsSchema.parse({ enabled: true, ...over })

  it('sizes the text in percent of the shorter side', () => {
    expect(captionMetrics(style({ size: 5 }), 1080, 1920).fontPx).toBeCloseTo(54)
    expect(captionMetrics(style({ size: 10 }), 1920, 1080).fontPx).toBeCloseTo(108)
  })

  it('keeps box and outline inside the text margins at every position, long words too', () => {
    const text = `Some ${'W'.repeat(60)} words. And a few more words on the slide`
    for (const [width, height] of [
      [1080, 1920],
      [1920, 1080],
      [864, 1080],
    ] as const) {
      for (const background of ['box', 'outline'] as const) {
        for (const position of ['top', 'middle', 'bottom'] as const) {
          const s = style({ size: 10, background, position })
          const m = captionMetrics(s, width, height)
          // Wider glyphs than the real fonts: a bound on what they measure.
          const wide = (str: string) => str.length * m.fontPx
          for (const page of paginateCaptions(spoken(text), m.maxWidth, wide)) {
            const b = captionBlock(page, m, position, { width, height })
            const label = `${width}x${height} ${background} ${position}`
            expect(b.left, label).toBeGreaterThanOrEqual((width * TEXT_MARGIN.x) / 100 - 1e-6)
            expect(b.left + b.width, label).toBeLessThanOrEqual(
              width * (1 - TEXT_MARGIN.x / 100) + 1e-6,
            )
            if (page.lines.length <= 2) {
              expect(b.top, label).toBeGreaterThanOrEqual((height * TEXT_MARGIN.y) / 100 - 1e-6)
              expect(b.top + b.height, label).toBeLessThanOrEqual(
                height * (1 - TEXT_MARGIN.y / 100) + 1e-6,
              )
            }
          }
        }
      }
    }
  })

  it('sits at the top margin, the middle, or above the bottom margin', () => {
    const words = spoken('hello world')
    const [page] = paginateCaptions(words, 1000, measure)
    const m = captionMetrics(style({}), 1080, 1920)
    const frame = { width: 1080, height: 1920 }
    expect(captionBlock(page!, m, 'top', frame).top).toBeCloseTo(1920 * 0.07)
    const middle = captionBlock(page!, m, 'middle', frame)
    expect(middle.top + middle.height / 2).toBeCloseTo(960)
    const bottom = captionBlock(page!, m, 'bottom', frame)
    expect(bottom.top + bottom.height).toBeCloseTo(1920 * 0.93)
  })
})

describe('captionPlacement', () => {
  const words = spoken('A cat sits by the window, watching the rain come down.')
  const m = captionMetrics(CaptionsSchema.parse({ enabled: true }), 1080, 1920)
  // About what a 54 px font's letters measure.
  const pages = paginateCaptions(words, m.maxWidth, (s) => s.length * 27)
  /** A 3:2 photo (3000x2000) on a 9:16 frame, its subject where given (percent of the picture). */
  const slideWith = (box: Box, more: Partial<Slide> = {}): Slide => ({
    id: 'cat',
    filename: 'cat.jpg',
    duration: 5,
    effects: [],
    subjects: [{ label: 'cat', score: 0.6, box }],
    ...more,
  })
  const frameOf = (slide: Slide) =>
    frameInfo(1080, 1920, slide, { source: {} as CanvasImageSource, width: 3000, height: 2000 })
  registerFonts()
  const ctx = createCanvas(1, 1).getContext('2d') as unknown as Ctx
  const place = (slide: Slide, position: Captions['position'] = 'auto') =>
    captionPlacement(ctx, pages, m, position, frameOf(slide), slide)
  // Fitted, the photo fills the frame's middle band, from 35.9 % to 64.1 % of its height.
  const fitted = { framing: 'fit' as const }

  it('stands at the bottom when nothing was found, or when the subject is clear of it', () => {
    expect(
      place({ ...slideWith({ x: 0, y: 0, width: 1, height: 1 }), subjects: undefined }),
    ).toEqual({ row: 'bottom', cover: 0, overText: false })
    expect(place(slideWith({ x: 40, y: 10, width: 20, height: 30 }, fitted)).row).toBe('bottom')
  })

  it('moves off a subject the bottom row would hide, through the camera', () => {
    // Covered, the frame shows the photo's middle 37.5 % across and all its height: a cat at its
    // foot fills the frame's lower part, and the captions go to the top.
    const low = slideWith({ x: 40, y: 70, width: 20, height: 30 })
    const chosen = place(low)
    expect(chosen.row).toBe('top')
    expect(chosen.cover).toBeLessThanOrEqual(SUBJECT_COVER_SHARE)
    expect(place(low, 'bottom').cover).toBeGreaterThan(SUBJECT_COVER_SHARE)
    // The same cat off to the side is cropped out of the 9:16 frame: the bottom is clear.
    expect(place(slideWith({ x: 0, y: 70, width: 20, height: 30 })).row).toBe('bottom')
  })

  it('follows a zoom: a subject the camera brings under the captions moves them', () => {
    // Fitted and still, a cat in the photo's lower half sits in the frame's middle band.
    const cat = { x: 35, y: 60, width: 30, height: 40 }
    expect(place(slideWith(cat, fitted)).row).toBe('bottom')
    const zoom = {
      name: 'zoom' as const,
      params: { zoomStart: 100, zoomEnd: 250, focusX: 50, focusY: 80 },
    }
    const zoomed = place(slideWith(cat, { ...fitted, effects: [zoom] }))
    expect(zoomed.row).not.toBe('bottom')
  })

  it('keeps the position a person chose, covering what it covers', () => {
    const low = slideWith({ x: 40, y: 70, width: 20, height: 30 })
    expect(place(low, 'bottom').row).toBe('bottom')
    expect(place(low, 'middle').row).toBe('middle')
  })

  it('keeps off the slide’s own text, a title where the captions would stand', () => {
    const title = (y: number): Slide['effects'][number] => ({
      name: 'animated_text',
      params: {
        ...ANIMATED_TEXT_DEFAULTS,
        text: 'Our day out',
        ...{ startPositionY: y, endPositionY: y, startPositionX: 50, endPositionX: 50 },
        ...{ textStart: 0, textEnd: 5 },
      },
    })
    const plain = { ...slideWith({ x: 0, y: 0, width: 1, height: 1 }), subjects: undefined }
    expect(place({ ...plain, effects: [title(88)] })).toMatchObject({ row: 'top', overText: false })
    expect(place({ ...plain, effects: [title(50)] }).row).toBe('bottom')
    // A person's choice is kept, over the title if they want it there.
    expect(place({ ...plain, effects: [title(88)] }, 'bottom')).toMatchObject({ overText: true })
  })

  it('stands over a text that says the narration: the captions replace it', () => {
    const said: Slide['effects'][number] = {
      name: 'animated_text',
      params: {
        ...ANIMATED_TEXT_DEFAULTS,
        text: 'A cat sits by the window…',
        ...{ startPositionY: 88, endPositionY: 88, textStart: 0, textEnd: 5 },
      },
    }
    const narrated = {
      ...slideWith({ x: 0, y: 0, width: 1, height: 1 }),
      subjects: undefined,
      narration: 'A cat sits by the window, watching the rain come down.',
    }
    expect(place({ ...narrated, effects: [said] })).toEqual({
      row: 'bottom',
      cover: 0,
      overText: false,
    })
  })

  it('takes the row covering least when every row covers the subject', () => {
    const whole = slideWith({ x: 0, y: 0, width: 100, height: 100 })
    const chosen = place(whole)
    for (const row of ['top', 'middle', 'bottom'] as const) {
      expect(chosen.cover).toBeLessThanOrEqual(place(whole, row).cover + 1e-9)
    }
  })
})

describe('a text the captions say', () => {
  const W = 320
  const H = 180
  const narration = 'Coffee first, then the bike.'
  const text = (words: string): Slide['effects'][number] => ({
    name: 'animated_text',
    params: {
      ...ANIMATED_TEXT_DEFAULTS,
      text: words,
      fontSize: 40,
      ...{ startPositionY: 40, endPositionY: 40, textStart: 0, textEnd: 5 },
      ...{ fadeInDuration: 0, fadeOutDuration: 0 },
    },
  })
  const slide = (words: string): Slide => ({
    id: 'a',
    filename: 'a.jpg',
    duration: 5,
    effects: [text(words)],
    narration,
  })
  registerFonts()
  /** Bright pixels in the frame's upper half, where the text stands (the captions are below). */
  function brightAbove(s: Slide, captionsOn: boolean): number {
    const canvas = createCanvas(W, H)
    const ctx = canvas.getContext('2d') as unknown as Ctx
    const movie: MovieParams = {
      width: W,
      height: H,
      voice: 'bdl',
      captions: { ...DEFAULT_CAPTIONS, enabled: captionsOn, position: 'bottom' },
    }
    drawFrame(
      ctx,
      { width: W, height: H, slide: s, media: null, captions: estimatedCaptions(movie, s) },
      1,
    )
    const { data } = ctx.getImageData(0, 0, W, H / 2)
    let bright = 0
    for (let i = 0; i < data.length; i += 4) if (data[i]! > 128) bright++
    return bright
  }

  it('is not drawn while captions show, and is drawn when they are off', () => {
    expect(brightAbove(slide('Coffee first'), false)).toBeGreaterThan(20)
    expect(brightAbove(slide('Coffee first, then the bike'), false)).toBeGreaterThan(20)
    expect(brightAbove(slide('Coffee first, then the bike'), true)).toBe(0)
    // Other words stay: the captions do not say them.
    expect(brightAbove(slide('Our day out'), true)).toBeGreaterThan(20)
  })

  it('is named the same way to the editor', () => {
    const on: MovieParams = {
      width: W,
      height: H,
      voice: 'bdl',
      captions: { ...DEFAULT_CAPTIONS, enabled: true },
    }
    const said = slide('Coffee first, then the bike')
    expect(hiddenByCaptions(on, said, said.effects[0]!)).toBe(true)
    expect(hiddenByCaptions({ ...on, voice: null }, said, said.effects[0]!)).toBe(false)
    const other = slide('Our day out')
    expect(hiddenByCaptions(on, other, other.effects[0]!)).toBe(false)
  })
})

describe('estimatedCaptions', () => {
  const movie: MovieParams = { width: 1080, height: 1920, voice: 'bdl' }
  const on: MovieParams = { ...movie, captions: { ...DEFAULT_CAPTIONS, enabled: true } }
  const slide = (narration?: string): Slide => ({
    id: 'a',
    filename: 'a.jpg',
    duration: 2,
    effects: [],
    ...(narration === undefined ? {} : { narration }),
  })

  it('shows the narration only when captions are on, with a voice and words', () => {
    expect(estimatedCaptions(movie, slide('Hello there.'))).toBeUndefined()
    expect(estimatedCaptions({ ...on, voice: null }, slide('Hello there.'))).toBeUndefined()
    expect(estimatedCaptions(on, slide())).toBeUndefined()
    expect(estimatedCaptions(on, slide('   '))).toBeUndefined()
  })

  it('times the words from the slide’s start over the estimated reading time', () => {
    const text = ' Hello, bright world. '
    const captions = estimatedCaptions(on, slide(text))!
    expect(captions.style).toBe(on.captions)
    expect(captions.words.map((w) => w.text)).toEqual(['Hello,', 'bright', 'world.'])
    expect(captions.words[0]!.start).toBe(0)
    expect(captions.words.at(-1)!.end).toBeCloseTo(estimateNarrationSeconds(text))
  })
})
