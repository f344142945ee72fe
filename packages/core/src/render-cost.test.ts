import { describe, expect, it } from 'vitest'
import { MAX_MOVIE_SECONDS, type Composition } from './composition'
import { EFFECTS, newEffect, type EffectName } from './effects'
import type { TransitionType } from './transition'
import { MAX_SLIDE_SECONDS } from './limits'
import { MAX_NARRATION_CHARS, NARRATION_PAUSE_SECONDS } from './narration'
import {
  boundedNarrationSeconds,
  compositionSecondsBound,
  DEFAULT_RENDER_TIME_LIMIT,
  isWithinRenderBudget,
  NARRATION_CHARS_PER_SECOND,
  narrationSecondsBound,
  RENDER_BUDGET_SECONDS,
  RENDER_COST,
  renderCost,
  renderTimeLimitSeconds,
} from './render-cost'

function movie(
  size: [number, number],
  slides: number,
  seconds: number,
  effects: EffectName[],
): Composition {
  return {
    movieParams: { width: size[0], height: size[1], voice: null },
    composition: Array.from({ length: slides }, (_, i) => ({
      id: `s${i}`,
      filename: `s${i}.jpg`,
      duration: seconds,
      effects: effects.map((name) => newEffect(name)),
    })),
  }
}

const PORTRAIT_1080: [number, number] = [1080, 1920]
const SQUARE_4K: [number, number] = [3840, 3840]

describe('renderCost', () => {
  it('is seconds x megapixels x (base + effect weights), plus each slide decoded once', () => {
    const one = movie([1000, 1000], 1, 10, ['zoom', 'distort'])
    expect(renderCost(one)).toBeCloseTo(
      RENDER_COST.perSlide + 10 * (RENDER_COST.base + RENDER_COST.effects.distort),
    )
    const twice = movie([1000, 1000], 2, 10, ['zoom', 'distort'])
    expect(renderCost(twice)).toBeCloseTo(2 * renderCost(one))
  })

  it('adds the weight of the slide’s framing, cover adding none', () => {
    const cover = movie([1000, 1000], 1, 10, ['zoom'])
    const fit = { ...cover, composition: [{ ...cover.composition[0]!, framing: 'fit' as const }] }
    expect(renderCost(fit)).toBeCloseTo(renderCost(cover) + 10 * RENDER_COST.framing.fit)
    expect(RENDER_COST.framing.cover).toBe(0)
  })

  it('counts the next slide drawn again through a dissolve, push or wipe, not a dip or a cut', () => {
    const plain = movie([1000, 1000], 2, 4, ['zoom'])
    const withOut = (type: TransitionType) => ({
      ...plain,
      composition: plain.composition.map((s) => ({ ...s, transition: { type, duration: 1 } })),
    })
    // One boundary: the last slide's transition has no slide after it.
    for (const type of ['dissolve', 'push', 'wipe'] as const) {
      expect(renderCost(withOut(type)), type).toBeCloseTo(renderCost(plain) + RENDER_COST.base)
    }
    for (const type of ['dip', 'cut'] as const) {
      expect(renderCost(withOut(type)), type).toBeCloseTo(renderCost(plain))
    }
  })

  it('weighs each effect as its descriptor says', () => {
    for (const d of EFFECTS) expect(RENDER_COST.effects[d.name], d.name).toBe(d.renderCost.weight)
  })

  it('weighs blur and distort far above fade', () => {
    expect(RENDER_COST.effects.blur).toBeGreaterThan(5 * RENDER_COST.effects.fade)
    expect(RENDER_COST.effects.distort).toBeGreaterThan(5 * RENDER_COST.effects.fade)
  })
})

describe('the render budget', () => {
  it("lets every plan render the composer's video: 8 photos of 4 s with zoom, fade and titles", () => {
    const composed = movie(PORTRAIT_1080, 8, 4, ['fade', 'zoom', 'animated_text'])
    expect(renderCost(composed)).toBeLessThan(120)
    for (const plan of ['FREE', 'STARTER', 'PRO'] as const) {
      expect(isWithinRenderBudget(composed, plan)).toBe(true)
    }
  })

  it('refuses the 75-hour composition, and its 10-minute cut, on every plan', () => {
    const attack = movie(SQUARE_4K, 50, 60, ['zoom', 'distort', 'blur'])
    expect(renderCost(attack) / 3600).toBeGreaterThan(24)
    const cut = movie(SQUARE_4K, 10, 60, ['zoom', 'distort', 'blur'])
    for (const plan of ['FREE', 'STARTER', 'PRO'] as const) {
      expect(isWithinRenderBudget(cut, plan)).toBe(false)
    }
  })

  it('grows with the plan', () => {
    expect(RENDER_BUDGET_SECONDS.FREE).toBeLessThan(RENDER_BUDGET_SECONDS.STARTER)
    expect(RENDER_BUDGET_SECONDS.STARTER).toBeLessThan(RENDER_BUDGET_SECONDS.PRO)
  })
})

describe('renderTimeLimitSeconds', () => {
  it('is the estimate times the factor, never under a minute by default', () => {
    const long = movie(PORTRAIT_1080, 20, 10, ['zoom', 'blur'])
    const { factor } = DEFAULT_RENDER_TIME_LIMIT
    expect(renderTimeLimitSeconds(long)).toBeCloseTo(factor * renderCost(long))
    expect(renderTimeLimitSeconds(long, { factor: 2, minSeconds: 0 })).toBeCloseTo(
      2 * renderCost(long),
    )
    expect(renderTimeLimitSeconds(movie([160, 90], 1, 1, []))).toBe(60)
  })
})

describe('narration', () => {
  const narrated = (voice: 'bdl' | null, text: string, slides = 1, seconds = 2): Composition => {
    const c = movie(PORTRAIT_1080, slides, seconds, ['zoom'])
    return {
      movieParams: { ...c.movieParams, voice },
      composition: c.composition.map((s) => ({ ...s, narration: text })),
    }
  }

  it('bounds a reading by its length, digits and symbols read as words', () => {
    expect(narrationSecondsBound('Hello there, world.')).toBeCloseTo(
      19 / NARRATION_CHARS_PER_SECOND,
    )
    expect(narrationSecondsBound('  ')).toBe(0)
    expect(narrationSecondsBound(undefined)).toBe(0)
    expect(narrationSecondsBound('In 1999')).toBeGreaterThan(narrationSecondsBound('In this'))
    expect(narrationSecondsBound('9'.repeat(MAX_NARRATION_CHARS))).toBe(
      MAX_SLIDE_SECONDS - NARRATION_PAUSE_SECONDS,
    )
  })

  it('counts a narration of punctuation alone as a silent slide', () => {
    expect(compositionSecondsBound(narrated('bdl', ' ...!', 3))).toBe(6)
    expect(renderCost(narrated('bdl', ' ...!', 3))).toBe(renderCost(narrated(null, ' ...!', 3)))
  })

  it('counts each slide as long as its narration may stretch it, with a voice only', () => {
    const text = 'x'.repeat(100)
    expect(compositionSecondsBound(narrated('bdl', text, 3))).toBeCloseTo(
      3 * (100 / NARRATION_CHARS_PER_SECOND + NARRATION_PAUSE_SECONDS),
    )
    expect(compositionSecondsBound(narrated(null, text, 3))).toBe(6)
    expect(renderCost(narrated('bdl', text, 3))).toBeGreaterThan(
      5 * renderCost(narrated(null, text, 3)),
    )
    expect(renderTimeLimitSeconds(narrated('bdl', text, 3))).toBeGreaterThan(
      renderTimeLimitSeconds(narrated(null, text, 3)),
    )
  })

  it('refuses short slides that narration would stretch past the longest movie', () => {
    const long = narrated('bdl', 'word '.repeat(MAX_NARRATION_CHARS / 5), 50, 1)
    expect(compositionSecondsBound(long)).toBeGreaterThan(MAX_MOVIE_SECONDS)
    for (const plan of ['FREE', 'STARTER', 'PRO'] as const) {
      expect(isWithinRenderBudget(long, plan)).toBe(false)
    }
    expect(isWithinRenderBudget(narrated(null, 'word '.repeat(80), 50, 1), 'FREE')).toBe(true)
  })

  it("lets every plan narrate the composer's video, a sentence a slide", () => {
    const composed = narrated(
      'bdl',
      'A short sentence about this lovely picture, read aloud.',
      8,
      4,
    )
    for (const plan of ['FREE', 'STARTER', 'PRO'] as const) {
      expect(isWithinRenderBudget(composed, plan)).toBe(true)
    }
  })
})

describe('boundedNarrationSeconds', () => {
  it("keeps the voice's length within the text's bound, and cuts a longer one there", () => {
    const text = 'A short line.'
    const bound = narrationSecondsBound(text)
    expect(boundedNarrationSeconds(bound / 2, text)).toBe(bound / 2)
    expect(boundedNarrationSeconds(bound + 5, text)).toBe(bound)
  })
})
