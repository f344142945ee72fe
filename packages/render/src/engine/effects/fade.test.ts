import { describe, expect, it } from 'vitest'
import { FPS } from '../frame'
import { testFrame } from '../../../test/fixtures/test-frame'
import { state } from './fade'

const frame = testFrame()
const params = { fadeInDuration: 1, fadeOutDuration: 0.5 }
const lastFrame = 4 - 1 / FPS

describe('fade state', () => {
  it('is black at the start and clears over fadeInDuration', () => {
    expect(state(0, params, frame).black).toBe(1)
    expect(state(0.5, params, frame).black).toBeCloseTo(0.5)
    expect(state(1, params, frame).black).toBe(0)
  })

  it('is clear in the middle', () => {
    expect(state(2, params, frame).black).toBe(0)
  })

  it('reaches black on the last frame', () => {
    expect(state(lastFrame - 0.25, params, frame).black).toBeCloseTo(0.5)
    expect(state(lastFrame, params, frame).black).toBe(1)
  })

  it('stays black out of range and does nothing with zero durations', () => {
    expect(state(-1, params, frame).black).toBe(1)
    expect(state(5, params, frame).black).toBe(1)
    expect(state(0, { fadeInDuration: 0, fadeOutDuration: 0 }, frame).black).toBe(0)
  })
})
