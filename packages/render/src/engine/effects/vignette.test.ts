import { describe, expect, it } from 'vitest'
import { testFrame } from '../../../test/fixtures/test-frame'
import { darkness, state } from './vignette'

const frame = testFrame()
const base = {
  amount: 50,
  size: 0.9,
  roundness: 0.7,
  feather: 0.8,
  animate: false,
  startAmount: 0,
  endAmount: 100,
  startSize: 1,
  endSize: 0.5,
}

describe('vignette state', () => {
  it('is constant without animate', () => {
    expect(state(0, base, frame)).toEqual(state(3, base, frame))
    expect(state(0, base, frame).amount).toBe(0.5)
  })

  it('animates amount and size from start to end', () => {
    const p = { ...base, animate: true }
    expect(state(0, p, frame)).toMatchObject({ amount: 0, size: 1 })
    expect(state(2, p, frame).amount).toBeCloseTo(0.5)
    expect(state(2, p, frame).size).toBeCloseTo(0.75)
    expect(state(4, p, frame)).toMatchObject({ amount: 1, size: 0.5 })
    expect(state(-1, p, frame).amount).toBe(0)
    expect(state(9, p, frame).amount).toBe(1)
  })

  it('darkens nothing at the centre and the amount at the corners', () => {
    const s = state(0, base, frame)
    expect(darkness(s, 0)).toBe(0)
    expect(darkness(s, 1)).toBeCloseTo(0.5)
  })

  it('clamps past 100 at black but stays monotonic in amount', () => {
    const heavy = state(0, { ...base, amount: 120 }, frame)
    const dramatic = state(0, { ...base, amount: 100 }, frame)
    expect(darkness(heavy, 1)).toBe(1)
    expect(darkness(heavy, 0.6)).toBeGreaterThan(darkness(dramatic, 0.6))
  })
})
