import { describe, expect, it } from 'vitest'
import { coveredShare, SUBJECT_COVER_SHARE, TEXT_MARGIN } from '@storyreel/core'
import { description } from './test-description'
import {
  placeText,
  regionOnFrame,
  subjectsOnFrame,
  textBlockBound,
  textRect,
  wrappedLinesBound,
} from './text-placement'
import { TONE_STYLES } from './tone'

const MOVIE = { width: 1920, height: 1080 }
const TOP = { x: 0, y: 0, width: 100, height: 33.3 }
const BOTTOM = { x: 0, y: 66.7, width: 100, height: 33.3 }

describe('wrappedLinesBound', () => {
  it('wraps greedily at spaces and line breaks, and cuts a word too long for a line', () => {
    expect(wrappedLinesBound('Hello', 100, 1000)).toBe(1)
    expect(wrappedLinesBound('Hello world', 100, 700)).toBe(2)
    expect(wrappedLinesBound('a\nb\n\nc', 100, 1000)).toBe(4)
    // A W is 1.08 ems at its widest: three fit a line of four ems.
    expect(wrappedLinesBound('WWWWWWWWWW', 100, 400)).toBe(4)
    expect(wrappedLinesBound('', 100, 1000)).toBe(1)
  })

  it('reserves room for the widest fonts and for scripts the fonts lack', () => {
    expect(wrappedLinesBound('mmmm', 100, 400)).toBe(2)
    expect(wrappedLinesBound('日本語の旅', 100, 900)).toBe(2)
  })
})

describe('textBlockBound', () => {
  it('gives the text’s room in percent of the frame', () => {
    const block = textBlockBound('Summer in Lisbon', 96, MOVIE)
    expect(block.height).toBeCloseTo((100 * 96 * 1.2) / 1080)
    expect(block.width).toBeGreaterThan(40)
    expect(block.width).toBeLessThanOrEqual(100 - 2 * TEXT_MARGIN.x)
  })
})

describe('regionOnFrame', () => {
  it('maps a band through the cover crop around the focus', () => {
    // 3:2 in 16:9: the crop keeps 84 % of the height, centred on a centred focus.
    const d = description({ width: 3000, height: 2000, focus: { x: 50, y: 50 } })
    const top = regionOnFrame(TOP, d, 'cover', MOVIE)!
    expect(top.y).toBe(0)
    expect(top.height).toBeCloseTo(((0.333 - 0.078) / 0.844) * 100, 0)
  })

  it('finds nothing when the crop cuts the band away', () => {
    // A portrait in 16:9 shows its middle 42 %: its top third is off the frame.
    const d = description({ width: 3000, height: 4000, focus: { x: 50, y: 50 } })
    expect(regionOnFrame(TOP, d, 'cover', MOVIE)).toBeNull()
    // Fitted, all of it shows.
    expect(regionOnFrame(TOP, d, 'fit', MOVIE)).toMatchObject({ y: 0 })
  })
})

describe('placeText', () => {
  const style = TONE_STYLES.calm
  const place = (d = description(), role: 'title' | 'caption' = 'caption', framing = 'cover') =>
    placeText({
      text: 'Trams, tiles and sunsets!',
      fontSize: 60,
      role,
      description: d,
      framing: framing as 'cover' | 'fit',
      movie: MOVIE,
      style,
    })

  it('sets dark letters on a light calm band, at its outer edge', () => {
    const p = place(description({ calmRegion: { ...TOP, luma: 0.8 } }))
    expect(p.color).toEqual(style.dark)
    expect(p.dark).toBe(true)
    expect(p.y).toBeLessThan(20)
    expect(p.reason).toMatch(/calm top/)
  })

  it('sets light letters with an outline on a dark calm band', () => {
    const p = place(description({ calmRegion: { ...BOTTOM, luma: 0.2 } }))
    expect(p.color).toEqual(style.light)
    expect(p.border).toEqual({ color: { r: 0, g: 0, b: 0 }, width: 2 })
    expect(p.y).toBeGreaterThan(75)
  })

  it('uses the picture’s brightness when the region has no luma (a vision model’s)', () => {
    const p = place(description({ brightness: 0.9, calmRegion: { ...TOP } }))
    expect(p.dark).toBe(true)
  })

  it('puts a title in the centre and a caption low when no calm band shows', () => {
    expect(place(description(), 'title').y).toBeCloseTo(50, 0)
    const caption = place(description())
    expect(caption.y).toBeGreaterThan(75)
    expect(caption.border.width).toBe(3)
    expect(caption.reason).toMatch(/lower third/)
  })

  it('keeps light letters on a fitted picture, over its darkened surround', () => {
    const d = description({ width: 3000, height: 4000, calmRegion: { ...TOP, luma: 0.9 } })
    const p = place(d, 'caption', 'fit')
    expect(p.dark).toBe(false)
    expect(p.reason).toMatch(/surround/)
  })

  it('keeps the text inside the margins from where it rises to where it rests', () => {
    const long = 'word '.repeat(14).trim()
    for (const region of [TOP, BOTTOM]) {
      const p = placeText({
        text: long,
        fontSize: 120,
        role: 'caption',
        description: description({ calmRegion: { ...region, luma: 0.5 } }),
        framing: 'cover',
        movie: MOVIE,
        style,
      })
      const h = textBlockBound(long, 120, MOVIE).height
      expect(p.y - h / 2).toBeGreaterThanOrEqual(TEXT_MARGIN.y)
      expect(p.y + p.rise + h / 2).toBeLessThanOrEqual(100 - TEXT_MARGIN.y)
    }
  })
})

describe('placeText with a detected subject', () => {
  const text = 'Our walk by the lake'
  const place = (subjectY: number, calm = BOTTOM) => {
    const d = description({
      width: 1920,
      height: 1080,
      calmRegion: { ...calm, luma: 0.3 },
      subjects: [
        { label: 'person', score: 0.7, box: { x: 30, y: subjectY, width: 40, height: 30 } },
      ],
    })
    const placed = placeText({
      text,
      fontSize: 64,
      role: 'caption',
      description: d,
      framing: 'cover',
      movie: MOVIE,
      style: TONE_STYLES.calm,
    })
    const block = textBlockBound(text, 64, MOVIE)
    const share = coveredShare(
      textRect(placed.x, placed.y, block),
      subjectsOnFrame(d, 'cover', MOVIE),
    )
    return { placed, share }
  }

  it('keeps to the calm band when the subject is elsewhere', () => {
    const { placed, share } = place(10)
    expect(placed.y).toBeGreaterThan(66)
    expect(share).toBe(0)
  })

  it('leaves the calm band when the text would hide the subject there', () => {
    // A person standing in the calm band at the bottom: the caption goes up, clear of them.
    const { placed, share } = place(68)
    expect(placed.y).toBeLessThan(60)
    expect(share).toBeLessThanOrEqual(SUBJECT_COVER_SHARE)
    expect(placed.reason).toMatch(/clear of a person/)
  })
})
