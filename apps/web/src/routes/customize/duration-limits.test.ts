import { MAX_MOVIE_SECONDS, MAX_SLIDE_SECONDS } from '@storyreel/core'
import type { Composition } from '@storyreel/core'
import { describe, expect, test } from 'vitest'
import { allowedDuration, maxDuration, MIN_SLIDE_SECONDS } from './duration-limits'
import { fromComposition } from './editor-doc'

let next = 0
const doc = (durations: number[]) =>
  fromComposition(
    {
      movieParams: { width: 1920, height: 1080, voice: null },
      renderedVideoUrl: null,
      composition: durations.map((duration, i) => ({
        id: `s${i}`,
        filename: `s${i}.jpg`,
        duration,
        effects: [],
      })),
    } satisfies Composition,
    () => `k${next++}`,
  )

describe('duration limits (the duration field and the timeline edge)', () => {
  test('a slide is held between half a second and a minute, to the tenth', () => {
    const d = doc([2, 3])
    expect(allowedDuration(d, 0, 0.01)).toBe(MIN_SLIDE_SECONDS)
    expect(allowedDuration(d, 0, -5)).toBe(MIN_SLIDE_SECONDS)
    expect(allowedDuration(d, 0, 4.26)).toBe(4.3)
    expect(allowedDuration(d, 0, 500)).toBe(MAX_SLIDE_SECONDS)
  })

  test('the whole video stays within its ten minutes', () => {
    // The others: 580 s, 20 s short of the limit.
    const d = doc([2, ...Array.from({ length: 9 }, () => 60), MAX_MOVIE_SECONDS - 560])
    expect(maxDuration(d, 0)).toBe(20)
    expect(allowedDuration(d, 0, 45)).toBe(20)
  })
})
