import { describe, expect, it } from 'vitest'
import { state as dip } from './dip'
import { state as dissolve } from './dissolve'
import { state as push } from './push'
import { state as wipe } from './wipe'

describe('transition states', () => {
  it('dissolve: the next slide’s opacity rises straight from 0 to 1', () => {
    expect(dissolve(0).alpha).toBe(0)
    expect(dissolve(0.25).alpha).toBe(0.25)
    expect(dissolve(0.5).alpha).toBe(0.5)
    expect(dissolve(1).alpha).toBe(1)
    expect(dissolve(-1).alpha).toBe(0)
    expect(dissolve(2).alpha).toBe(1)
  })

  it('dip: to black over the first half, out of it over the second', () => {
    expect(dip(0)).toEqual({ shows: 'from', black: 0 })
    expect(dip(0.25)).toEqual({ shows: 'from', black: 0.5 })
    expect(dip(0.5)).toEqual({ shows: 'to', black: 1 })
    expect(dip(0.75)).toEqual({ shows: 'to', black: 0.5 })
    expect(dip(1)).toEqual({ shows: 'to', black: 0 })
    expect(dip(3)).toEqual({ shows: 'to', black: 0 })
  })

  it('push and wipe: eased from start to end, halfway at the middle', () => {
    for (const [name, value] of [
      ['push', (p: number) => push(p).shift],
      ['wipe', (p: number) => wipe(p).edge],
    ] as const) {
      expect(value(0), name).toBe(0)
      expect(value(0.5), name).toBe(0.5)
      expect(value(1), name).toBe(1)
      // Eased: slow at both ends, so the slides start and stop moving without a jolt.
      expect(value(0.1), name).toBeLessThan(0.1)
      expect(value(0.9), name).toBeGreaterThan(0.9)
    }
  })
})
