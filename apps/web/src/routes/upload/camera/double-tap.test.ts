import { describe, expect, it } from 'vitest'
import { DOUBLE_TAP_MS, DOUBLE_TAP_SLOP_PX, isDoubleTap } from './double-tap'
import type { Tap } from './double-tap'

const tap = (time: number, x = 100, y = 100, pointerType = 'touch'): Tap => ({
  time,
  x,
  y,
  pointerType,
})

describe('isDoubleTap', () => {
  it('needs a first tap', () => {
    expect(isDoubleTap(null, tap(0))).toBe(false)
  })

  it('is two taps close in time and place', () => {
    expect(isDoubleTap(tap(0), tap(180))).toBe(true)
    expect(isDoubleTap(tap(0), tap(DOUBLE_TAP_MS))).toBe(true)
    expect(isDoubleTap(tap(0), tap(DOUBLE_TAP_MS + 1))).toBe(false)
    expect(isDoubleTap(tap(0), tap(100, 100 + DOUBLE_TAP_SLOP_PX, 100))).toBe(true)
    expect(isDoubleTap(tap(0), tap(100, 130, 140))).toBe(false)
  })

  it('counts a double click the same way, but never a mouse and a finger together', () => {
    expect(isDoubleTap(tap(0, 5, 5, 'mouse'), tap(150, 5, 5, 'mouse'))).toBe(true)
    expect(isDoubleTap(tap(0, 5, 5, 'mouse'), tap(150, 5, 5, 'touch'))).toBe(false)
  })

  it('ignores a tap from before the first (a clock that went back)', () => {
    expect(isDoubleTap(tap(500), tap(400))).toBe(false)
  })
})
