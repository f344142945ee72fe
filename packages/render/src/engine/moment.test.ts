import type { TimedSlide, Transition } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { FPS } from './frame'
import { momentAt, momentScene, shotsOf } from './moment'
import type { MakeLayer, Scene } from './types'

const dissolve: Transition = { type: 'dissolve', duration: 1 }
const slides = (...transitions: (Transition | undefined)[]): TimedSlide[] =>
  transitions.map((transition) => ({ duration: 4, transition }))

describe('momentAt', () => {
  const video = slides(dissolve, dissolve, undefined)

  it('is the slide alone outside its transitions', () => {
    expect(momentAt(video, 1, 2)).toEqual({ from: { slideIndex: 1, t: 2, held: false } })
    // Where the window opens, the blend has not begun.
    expect(momentAt(video, 0, 3.5)).toEqual({ from: { slideIndex: 0, t: 3.5, held: false } })
    expect(momentAt(video, 1, 0.5)).toEqual({ from: { slideIndex: 1, t: 0.5, held: false } })
  })

  it('centres the transition on the boundary: a quarter, half and three quarters through', () => {
    expect(momentAt(video, 0, 3.75)).toEqual({
      from: { slideIndex: 0, t: 3.75, held: false },
      transition: { type: 'dissolve', progress: 0.25, to: { slideIndex: 1, t: 0, held: true } },
    })
    // The boundary itself, seen from the slide coming in: its first frame, half blended.
    expect(momentAt(video, 1, 0)).toEqual({
      from: { slideIndex: 0, t: 4 - 1 / FPS, held: true },
      transition: { type: 'dissolve', progress: 0.5, to: { slideIndex: 1, t: 0, held: false } },
    })
    const late = momentAt(video, 1, 0.25)
    expect(late.transition!.progress).toBeCloseTo(0.75)
    expect(late.transition!.to).toEqual({ slideIndex: 1, t: 0.25, held: false })
    expect(late.from).toEqual({ slideIndex: 0, t: 4 - 1 / FPS, held: true })
  })

  it('draws the same instant alike from either slide’s side of the boundary', () => {
    expect(momentAt(video, 0, 4.2)).toEqual(momentAt(video, 1, 0.2))
  })

  it('keeps each slide to its own time: the one going out ends on its last frame', () => {
    for (let t = 3.5; t < 4.5; t += 1 / FPS) {
      const m = t < 4 ? momentAt(video, 0, t) : momentAt(video, 1, t - 4)
      expect(m.from.t).toBeLessThanOrEqual(4 - 1 / FPS + 1e-9)
      expect(m.transition?.to.t ?? 0).toBeGreaterThanOrEqual(0)
    }
  })

  it('shows an older composition (no transition) and a cut as the slide alone', () => {
    const old = slides(undefined, undefined)
    expect(momentAt(old, 0, 3.99)).toEqual({ from: { slideIndex: 0, t: 3.99, held: false } })
    expect(momentAt(old, 1, 0)).toEqual({ from: { slideIndex: 1, t: 0, held: false } })
    const cut = slides({ type: 'cut', duration: 1 }, undefined)
    expect(shotsOf(momentAt(cut, 0, 3.99))).toHaveLength(1)
    expect(shotsOf(momentAt(cut, 1, 0))).toHaveLength(1)
    // After the last slide nothing follows.
    expect(shotsOf(momentAt(slides(dissolve), 0, 3.99))).toHaveLength(1)
  })

  it('holds a long transition to half of each short slide', () => {
    const short: TimedSlide[] = [
      { duration: 1, transition: { type: 'push', duration: 3 } },
      { duration: 1, transition: { type: 'push', duration: 3 } },
      { duration: 1 },
    ]
    // 1 s long: from 0.5 s into the first slide to 0.5 s into the second.
    expect(momentAt(short, 0, 0.5).transition).toBeUndefined()
    expect(momentAt(short, 0, 0.75).transition!.progress).toBeCloseTo(0.25)
    expect(momentAt(short, 1, 0.25).transition!.progress).toBeCloseTo(0.75)
    expect(momentAt(short, 1, 0.5).transition).toBeUndefined()
    expect(momentAt(short, 1, 0.75).transition!.to.slideIndex).toBe(2)
  })
})

describe('momentScene', () => {
  const scene = (id: string): Scene => ({
    width: 4,
    height: 4,
    slide: { id, filename: `${id}.png`, duration: 4, effects: [] },
    media: null,
  })
  const makeLayer = (() => {
    throw new Error('not drawn here')
  }) as MakeLayer

  it('is the shown slide’s scene alone outside a transition', () => {
    const a = scene('a')
    expect(momentScene(momentAt(slides(dissolve, undefined), 0, 1), a, undefined, makeLayer)).toBe(
      a,
    )
  })

  it('carries the slide coming in, at its time, through a transition', () => {
    const [a, b] = [scene('a'), scene('b')]
    const drawn = momentScene(momentAt(slides(dissolve, undefined), 1, 0.25), a, b, makeLayer)
    expect(drawn.slide).toBe(a.slide)
    expect(drawn.transition).toMatchObject({ type: 'dissolve', to: b, t: 0.25 })
    expect(drawn.transition!.progress).toBeCloseTo(0.75)
  })
})
