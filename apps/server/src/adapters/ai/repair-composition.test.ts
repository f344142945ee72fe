import { describe, expect, it } from 'vitest'
import {
  CompositionSchema,
  MAX_EFFECTS_PER_SLIDE,
  MAX_NARRATION_CHARS,
  MAX_SLIDE_SECONDS,
  type Composition,
} from '@storyreel/core'
import { description } from './embedded/compose/test-description'
import { repairComposition, UnusableAnswer } from './repair-composition'

const files = [
  description({ filename: 'a.png' }),
  description({ filename: 'b.mp4', kind: 'video', duration: 3 }),
]

/** What the rules composed for the same files: the repair's base. */
const rules: Composition = {
  movieParams: { width: 1920, height: 1080, voice: 'bdl' },
  renderedVideoUrl: null,
  composition: [
    { id: 'a', filename: 'a.png', duration: 4, effects: [], narration: 'Rules for a.' },
    { id: 'b', filename: 'b.mp4', duration: 3, effects: [], narration: 'Rules for b.' },
  ],
}

const slide = (over: Record<string, unknown> = {}) => ({
  filename: 'a.png',
  duration: 4,
  narration: 'Hello.',
  effects: [],
  ...over,
})

describe('repairComposition', () => {
  it("plays the built-in track the model chose, at the rules' volume; the rules' for any other answer", () => {
    const withRules = {
      ...rules,
      movieParams: { ...rules.movieParams, music: { track: 'still-water', volume: 0.3 } },
    } satisfies Composition
    const answer = (music: unknown) => ({ slides: [slide()], music })
    expect(repairComposition(answer('high-ground'), files, withRules).movieParams.music).toEqual({
      track: 'high-ground',
      volume: 0.3,
    })
    for (const music of ['my-song.mp3', 'loud', 7, undefined]) {
      expect(repairComposition(answer(music), files, withRules).movieParams).toEqual(
        withRules.movieParams,
      )
    }
  })

  it('keeps a good answer as it is, with ids, the rules’ movie and every effect marked AI', () => {
    const answer = {
      slides: [
        slide({
          effects: [
            {
              name: 'fade',
              params: { fadeInDuration: 0.5, fadeOutDuration: 0.4 },
              description: 'In',
            },
            { name: 'zoom', params: { zoomStart: 100, zoomEnd: 120 }, description: 'Closer' },
          ],
        }),
        slide({ filename: 'b.mp4', duration: 3, narration: '' }),
      ],
    }
    const c = repairComposition(answer, files, rules)
    expect(CompositionSchema.parse(c)).toEqual(c)
    expect(c.movieParams).toEqual(rules.movieParams)
    expect(c.composition.map((s) => [s.id, s.filename, s.duration])).toEqual([
      ['a', 'a.png', 4],
      ['b', 'b.mp4', 3],
    ])
    expect(c.composition[0]!.effects).toEqual([
      {
        name: 'fade',
        // The first slide fades out of black; it dissolves into the next.
        params: { fadeInDuration: 0.5, fadeOutDuration: 0 },
        source: 'AI',
        description: 'In',
      },
      {
        name: 'zoom',
        // The zoom aims where the analysis found the subject.
        params: { zoomStart: 100, zoomEnd: 120, focusX: 60, focusY: 40 },
        source: 'AI',
        description: 'Closer',
      },
    ])
  })

  it('keeps fades to the video’s start and end, and each slide’s transition from the rules', () => {
    const fade = {
      name: 'fade',
      params: { fadeInDuration: 1, fadeOutDuration: 1 },
      description: 'x',
    }
    const dissolve = { type: 'dissolve', duration: 1 } as const
    const withTransitions = {
      ...rules,
      composition: rules.composition.map((s) => ({ ...s, transition: dissolve })),
    }
    const c = repairComposition(
      {
        slides: [
          slide({ effects: [fade] }),
          slide({ filename: 'b.mp4', duration: 3, effects: [fade] }),
        ],
      },
      files,
      withTransitions,
    )
    expect(c.composition.map((s) => s.effects.map((e) => e.params))).toEqual([
      [{ fadeInDuration: 1, fadeOutDuration: 0 }],
      [{ fadeInDuration: 0, fadeOutDuration: 1 }],
    ])
    expect(c.composition.map((s) => s.transition)).toEqual([dissolve, dissolve])
    // A fade between two others has nothing left to do.
    const three = repairComposition(
      { slides: [slide(), slide({ filename: 'b.mp4', effects: [fade] })] },
      [...files, description({ filename: 'c.png' })],
      {
        ...rules,
        composition: [
          ...rules.composition,
          { id: 'c', filename: 'c.png', duration: 4, effects: [] },
        ],
      },
    )
    expect(three.composition[1]!.effects).toEqual([])
  })

  it('clamps numbers to their slider and drops unknown effects and params', () => {
    const answer = {
      slides: [
        slide({
          effects: [
            { name: 'zoom', params: { zoomStart: -20, zoomEnd: 900 }, description: 'Too far' },
            { name: 'sparkles', params: { amount: 3 }, description: 'Unknown' },
            { name: 'blur', params: { startBlur: 50, endBlur: 0, radius: 9 }, description: 'x' },
            'not an effect',
          ],
        }),
      ],
    }
    const [first] = repairComposition(answer, files, rules).composition
    expect(first!.effects.map((e) => e.name)).toEqual(['zoom', 'blur'])
    expect(first!.effects[0]!.params).toMatchObject({ zoomStart: 0, zoomEnd: 250 })
    expect(first!.effects[1]!.params).toEqual({ startBlur: 50, endBlur: 0 })
  })

  it('keeps text within its slide and drops an effect still invalid after clamping', () => {
    const answer = {
      slides: [
        slide({
          duration: 5,
          effects: [
            {
              name: 'animated_text',
              params: { text: 'Hi', textStart: 1, textEnd: 30, fontSize: 500 },
            },
            { name: 'animated_text', params: { text: 'Bad', color: { r: 999, g: 0, b: 0 } } },
          ],
        }),
      ],
    }
    const [first] = repairComposition(answer, files, rules).composition
    expect(first!.effects).toHaveLength(1)
    expect(first!.effects[0]!.params).toMatchObject({ text: 'Hi', textEnd: 5, fontSize: 150 })
  })

  it('clamps durations: a clip to its length, anything to the slide limits, and long enough to narrate', () => {
    const long = 'word '.repeat(30).trim() + '.'
    const answer = {
      slides: [
        slide({ duration: 999, narration: '' }),
        slide({ filename: 'b.mp4', duration: 8, narration: '' }),
      ],
    }
    const c = repairComposition(answer, files, rules)
    expect(c.composition.map((s) => s.duration)).toEqual([MAX_SLIDE_SECONDS, 3])
    const narrated = repairComposition(
      { slides: [slide({ duration: 0.2, narration: long })] },
      files,
      rules,
    )
    expect(narrated.composition[0]!.duration).toBeGreaterThan(10)
  })

  it('cuts narration to the limit at a word, and takes the rules’ when the model gave none', () => {
    const answer = {
      slides: [slide({ narration: 'many words '.repeat(80) }), { filename: 'b.mp4', effects: [] }],
    }
    const [a, b] = repairComposition(answer, files, rules).composition
    expect(a!.narration!.length).toBeLessThanOrEqual(MAX_NARRATION_CHARS)
    expect(a!.narration!.endsWith('…')).toBe(true)
    expect(b!.narration).toBe('Rules for b.')
    expect(b!.duration).toBe(3)
  })

  it('shows each file once and adds the files the model left out, after its slides', () => {
    const answer = {
      slides: [slide({ filename: 'b.mp4', duration: 2 }), slide({ filename: 'b.mp4' })],
    }
    const c = repairComposition(answer, files, rules)
    expect(c.composition.map((s) => s.filename)).toEqual(['b.mp4', 'a.png'])
    expect(c.composition[1]).toEqual(rules.composition[0])
  })

  it('keeps at most ten effects on a slide', () => {
    const fade = { name: 'fade', params: {}, description: 'x' }
    const answer = { slides: [slide({ effects: Array.from({ length: 14 }, () => fade) })] }
    expect(repairComposition(answer, files, rules).composition[0]!.effects).toHaveLength(
      MAX_EFFECTS_PER_SLIDE,
    )
  })

  it('refuses an answer naming a file that was not described, or with no slides', () => {
    expect(() =>
      repairComposition({ slides: [slide({ filename: 'someone-else.png' })] }, files, rules),
    ).toThrow(UnusableAnswer)
    expect(() => repairComposition({ slides: [] }, files, rules)).toThrow(UnusableAnswer)
    expect(() => repairComposition({ story: 'Once upon a time' }, files, rules)).toThrow(
      UnusableAnswer,
    )
    expect(() => repairComposition(null, files, rules)).toThrow(UnusableAnswer)
  })
})
