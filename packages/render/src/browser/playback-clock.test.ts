import { describe, expect, it } from 'vitest'
import type { Slide } from '@storyreel/core'
import { newEffect } from '@storyreel/core'
import { advance, clampTime, playFrom, posterTime } from './playback-clock'

const durations = [4, 2.5, 3]

describe('advance', () => {
  it('moves the playhead on within the slide', () => {
    expect(advance({ slideIndex: 0, t: 1 }, 0.5, durations, 'slide')).toEqual({
      slideIndex: 0,
      t: 1.5,
      ended: false,
    })
  })

  it('stops at the end of the slide when playing one slide', () => {
    expect(advance({ slideIndex: 1, t: 2.4 }, 0.5, durations, 'slide')).toEqual({
      slideIndex: 1,
      t: 2.5,
      ended: true,
    })
  })

  it('carries the overshoot into the next slides when playing the video', () => {
    expect(advance({ slideIndex: 0, t: 3.9 }, 0.2, durations, 'video')).toMatchObject({
      slideIndex: 1,
      ended: false,
    })
    expect(advance({ slideIndex: 0, t: 3.9 }, 0.2, durations, 'video').t).toBeCloseTo(0.1)
    // A long step skips a short slide whole.
    const far = advance({ slideIndex: 0, t: 3.5 }, 3.5, durations, 'video')
    expect(far.slideIndex).toBe(2)
    expect(far.t).toBeCloseTo(0.5)
  })

  it('stops at the end of the last slide', () => {
    expect(advance({ slideIndex: 2, t: 2.9 }, 1, durations, 'video')).toEqual({
      slideIndex: 2,
      t: 3,
      ended: true,
    })
  })

  it('never goes back in time', () => {
    expect(advance({ slideIndex: 0, t: 1 }, -1, durations, 'slide').t).toBe(1)
  })
})

describe('playFrom', () => {
  it('plays on from the playhead', () => {
    expect(playFrom({ slideIndex: 1, t: 1 }, durations, 'slide')).toEqual({ slideIndex: 1, t: 1 })
  })

  it('replays a slide that played to its end', () => {
    expect(playFrom({ slideIndex: 1, t: 2.5 }, durations, 'slide')).toEqual({ slideIndex: 1, t: 0 })
  })

  it('goes on to the next slide at a slide end, and restarts the video at its end', () => {
    expect(playFrom({ slideIndex: 0, t: 4 }, durations, 'video')).toEqual({ slideIndex: 0, t: 4 })
    expect(playFrom({ slideIndex: 2, t: 3 }, durations, 'video')).toEqual({ slideIndex: 0, t: 0 })
  })
})

describe('clampTime', () => {
  it('keeps t within the slide', () => {
    expect(clampTime(-1, 4)).toBe(0)
    expect(clampTime(5, 4)).toBe(4)
    expect(clampTime(2, 4)).toBe(2)
    expect(clampTime(Number.NaN, 4)).toBe(0)
  })
})

describe('posterTime', () => {
  const slide = (effects: Slide['effects'], duration = 4): Slide => ({
    id: 's',
    filename: 's.png',
    duration,
    effects,
  })

  it('opens a fading slide once its fade-in and first text are in', () => {
    const fade = newEffect('fade')
    const text = newEffect('animated_text')
    expect(posterTime([slide([fade])], 0)).toBeCloseTo(fade.params.fadeInDuration)
    expect(posterTime([slide([fade, text])], 0)).toBeCloseTo(
      text.params.textStart + text.params.fadeInDuration,
    )
  })

  it('opens a still slide at its start, and never past its middle', () => {
    expect(posterTime([slide([])], 0)).toBe(0)
    expect(posterTime([slide([newEffect('fade')], 0.4)], 0)).toBe(0.2)
  })

  it('opens a slide once the transition into it has ended', () => {
    const into = (type: 'dissolve' | 'cut'): Slide => ({
      ...slide([]),
      transition: { type, duration: 1.2 },
    })
    expect(posterTime([into('dissolve'), slide([])], 1)).toBeCloseTo(0.6)
    expect(posterTime([into('cut'), slide([])], 1)).toBe(0)
    // Its own transition out is no concern: it starts past the middle.
    expect(posterTime([into('dissolve'), slide([])], 0)).toBe(0)
  })
})
