import { describe, expect, it } from 'vitest'
import { CompositionSchema, MAX_MOVIE_SECONDS } from './composition'
import { MAX_SLIDE_SECONDS } from './limits'
import { RenderedCompositionSchema } from './rendered-composition'

const hello = [
  { text: 'Hello', start: 0.1, end: 0.6 },
  { text: 'world.', start: 0.6, end: 1.2 },
]

const rendered = {
  movieParams: { width: 320, height: 180, voice: 'bdl' },
  composition: [
    { id: 'a', filename: 'a.png', duration: 2, narration: 'Hello world.', spokenWords: hello },
    { id: 'b', filename: 'b.png', duration: 3 },
  ],
}

describe('RenderedCompositionSchema', () => {
  it("keeps each narrated slide's spoken words, and none on a silent slide", () => {
    const parsed = RenderedCompositionSchema.parse(rendered)
    expect(parsed.composition.map((s) => s.spokenWords)).toEqual([hello, undefined])
    expect(parsed.composition[1]).toEqual({ id: 'b', filename: 'b.png', duration: 3, effects: [] })
  })

  it("keeps the composition's limits", () => {
    const slides = Array.from({ length: MAX_MOVIE_SECONDS / MAX_SLIDE_SECONDS + 1 }, (_, k) => ({
      id: `s${k}`,
      filename: 's.png',
      duration: MAX_SLIDE_SECONDS,
    }))
    expect(RenderedCompositionSchema.safeParse({ ...rendered, composition: slides }).success).toBe(
      false,
    )
    const badWord = { ...rendered.composition[0], spokenWords: [{ text: 'x', start: -1, end: 0 }] }
    expect(
      RenderedCompositionSchema.safeParse({ ...rendered, composition: [badWord] }).success,
    ).toBe(false)
  })

  it("parsed as a Composition, drops the words: the task's shape in SPEC", () => {
    const stored = CompositionSchema.parse(RenderedCompositionSchema.parse(rendered))
    expect(stored.composition[0]).not.toHaveProperty('spokenWords')
    expect(stored.composition[0]).toMatchObject({ duration: 2, narration: 'Hello world.' })
  })
})
