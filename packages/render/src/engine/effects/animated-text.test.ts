import { ANIMATED_TEXT_DEFAULTS, type AnimatedTextParams } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { testFrame } from '../../../test/fixtures/test-frame'
import { revealedChars, state } from './animated-text'

const frame = testFrame()
const params: AnimatedTextParams = {
  ...ANIMATED_TEXT_DEFAULTS,
  text: 'Hello big world',
  textStart: 1,
  textEnd: 3,
  fadeInDuration: 0.5,
  fadeOutDuration: 0.5,
  startPositionX: 20,
  startPositionY: 30,
  endPositionX: 80,
  endPositionY: 70,
  stream: false,
}

describe('animated_text state', () => {
  it('is hidden before textStart and after textEnd', () => {
    expect(state(0.9, params, frame)).toMatchObject({ visible: false, alpha: 0, revealed: 0 })
    expect(state(3.1, params, frame)).toMatchObject({ visible: false, alpha: 0 })
  })

  it('starts at the start position, transparent, and fades in', () => {
    const s = state(1, params, frame)
    expect(s).toMatchObject({ visible: true, alpha: 0, x: 216, y: 576 })
    expect(state(1.25, params, frame).alpha).toBeCloseTo(0.5)
  })

  it('is half way and opaque in the middle, at the end position at textEnd', () => {
    const mid = state(2, params, frame)
    expect(mid.alpha).toBe(1)
    expect(mid.x).toBeCloseTo(540)
    expect(mid.y).toBeCloseTo(960)
    const end = state(3, params, frame)
    expect(end.x).toBeCloseTo(864)
    expect(end.y).toBeCloseTo(1344)
    expect(end.alpha).toBe(0)
    expect(state(2.75, params, frame).alpha).toBeCloseTo(0.5)
  })

  it('scales font and border to the frame, defaults the box to the margins, resolves fonts', () => {
    const s = state(
      2,
      { ...params, font: 'Nope', border: { color: { r: 1, g: 2, b: 3 }, width: 2 } },
      testFrame({ width: 1920, height: 1080 }),
    )
    expect(s.fontPx).toBe(72)
    expect(s.borderPx).toBe(2)
    expect(s.boxWidth).toBeCloseTo(1920 * 0.9)
    expect(s.font).toBe('Arial')
    expect(s.borderColor).toBe('rgb(1,2,3)')
    const small = state(2, params, testFrame({ width: 540, height: 960 }))
    expect(small.fontPx).toBe(36)
  })

  it('shows all characters without streaming', () => {
    expect(state(1.01, params, frame).revealed).toBe(params.text.length)
  })
})

describe('streaming', () => {
  const p = { ...params, stream: true, charsPerSecond: 4 }

  it('reveals charsPerSecond characters a second from textStart', () => {
    expect(revealedChars(1, p, true)).toBe(0)
    expect(revealedChars(1.5, p, true)).toBe(2)
    expect(revealedChars(2, p, true)).toBe(4)
    expect(revealedChars(10, p, true)).toBe(p.text.length)
    expect(state(2.5, p, frame).revealed).toBe(6)
  })

  it('reveals whole words when their last character is due', () => {
    const w = { ...p, stream_words: true }
    expect(revealedChars(2, w, true)).toBe(0)
    expect(revealedChars(2.25, w, true)).toBe(5)
    expect(revealedChars(3.2, w, true)).toBe(5)
    expect(revealedChars(3.25, w, true)).toBe(9)
    expect(revealedChars(4.75, w, true)).toBe(15)
  })
})
