import { describe, expect, it } from 'vitest'
import { CompositionSchema } from './composition'
import {
  DEFAULT_TRANSITION,
  TRANSITION_SLIDER,
  TRANSITION_TYPES,
  TRANSITIONS,
  transitionAt,
  TransitionSchema,
  type Transition,
} from './transition'

const slide = (duration: number, transition?: Transition) => ({ duration, transition })

describe('TransitionSchema', () => {
  it('takes each type, a length up to the slider’s end, and the default length when none', () => {
    for (const type of TRANSITION_TYPES) {
      expect(TransitionSchema.parse({ type, duration: 1.5 })).toEqual({ type, duration: 1.5 })
    }
    expect(TransitionSchema.parse({ type: 'wipe' })).toEqual({
      type: 'wipe',
      duration: DEFAULT_TRANSITION.duration,
    })
    expect(TransitionSchema.safeParse({ type: 'dissolve', duration: -1 }).success).toBe(false)
    expect(
      TransitionSchema.safeParse({ type: 'dissolve', duration: TRANSITION_SLIDER.max + 1 }).success,
    ).toBe(false)
    expect(TransitionSchema.safeParse({ type: 'spin', duration: 1 }).success).toBe(false)
  })

  it('is optional on a slide: an older composition parses as it was, without one', () => {
    const old = {
      movieParams: { width: 1080, height: 1920 },
      composition: [
        { id: 'a', filename: 'a.png', duration: 3, effects: [{ name: 'fade', params: {} }] },
        { id: 'b', filename: 'b.png', duration: 3, transition: { type: 'push', duration: 1 } },
      ],
    }
    const parsed = CompositionSchema.parse(old)
    expect(parsed.composition[0]).not.toHaveProperty('transition')
    expect(parsed.composition[1]!.transition).toEqual({ type: 'push', duration: 1 })
  })

  it('lists each type once in the picker, dissolve first', () => {
    expect(TRANSITIONS.map((d) => d.type)).toEqual([...TRANSITION_TYPES])
    expect(DEFAULT_TRANSITION.type).toBe('dissolve')
  })
})

describe('transitionAt', () => {
  const dissolve = { type: 'dissolve', duration: 1 } as const

  it('is the slide’s transition into the next, at the length asked for', () => {
    expect(transitionAt([slide(4, dissolve), slide(4)], 0)).toEqual(dissolve)
  })

  it('is none at a cut, after the last slide, or where the slide has none (an older video)', () => {
    expect(transitionAt([slide(4, { type: 'cut', duration: 1 }), slide(4)], 0)).toBeNull()
    expect(transitionAt([slide(4), slide(4, dissolve)], 1)).toBeNull()
    expect(transitionAt([slide(4), slide(4)], 0)).toBeNull()
    expect(transitionAt([slide(4, { type: 'dip', duration: 0 }), slide(4)], 0)).toBeNull()
  })

  it('never runs longer than either slide, so a slide’s two transitions never meet', () => {
    const long = { type: 'push', duration: 3 } as const
    const slides = [slide(1, long), slide(2, long), slide(4)]
    expect(transitionAt(slides, 0)).toEqual({ type: 'push', duration: 1 })
    expect(transitionAt(slides, 1)).toEqual({ type: 'push', duration: 2 })
    // Slide 1 (2 s): 0.5 s of the first transition at its start, 1 s of the second at its end.
  })
})
