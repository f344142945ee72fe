import type { Slide } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { codesGrain } from './encoder'

function slide(duration: number, ...effects: { name: string; params: object }[]): Slide {
  return { id: 'p', filename: 'p.png', duration, effects } as Slide
}

const grain = { name: 'distort', params: { noiseAmount: 20 } }

describe('codesGrain', () => {
  it('is for videos whose grain covers at least half their time', () => {
    expect(codesGrain([slide(4, grain), slide(4)])).toBe(true)
    expect(codesGrain([slide(3, grain), slide(4), slide(1, grain)])).toBe(true)
    expect(codesGrain([slide(3, grain), slide(4)])).toBe(false)
    expect(codesGrain([slide(4), slide(4, { name: 'zoom', params: {} })])).toBe(false)
  })

  it('counts distort by the grain it draws: none at 0, its default when unset', () => {
    expect(codesGrain([slide(4, { name: 'distort', params: { noiseAmount: 0 } })])).toBe(false)
    // Less than one 8-bit level wide draws nothing.
    expect(codesGrain([slide(4, { name: 'distort', params: { noiseAmount: 0.2 } })])).toBe(false)
    expect(codesGrain([slide(4, { name: 'distort', params: {} })])).toBe(true)
  })

  it('is not for an empty video', () => {
    expect(codesGrain([])).toBe(false)
  })
})
