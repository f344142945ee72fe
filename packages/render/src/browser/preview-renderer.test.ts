import { SlideSchema } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { hasCostlyEffect } from './preview-renderer'

const slide = (names: string[]) =>
  SlideSchema.parse({
    id: 'a',
    filename: 'a.jpg',
    duration: 4,
    effects: names.map((name) => ({ name, params: {} })),
  })

describe('hasCostlyEffect', () => {
  it('picks the slides that may draw at half size while playing: blur and distort', () => {
    expect(hasCostlyEffect(slide(['zoom', 'blur']))).toBe(true)
    expect(hasCostlyEffect(slide(['distort']))).toBe(true)
    for (const name of ['zoom', 'pan', 'fade', 'vignette', 'animated_text', 'stream_text']) {
      expect(hasCostlyEffect(slide([name])), name).toBe(false)
    }
  })
})
