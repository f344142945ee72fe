import { createCanvas } from '@napi-rs/canvas'
import {
  CompositionSchema,
  compositionDuration,
  compositionSecondsBound,
  durationWithNarration,
  estimateNarrationSeconds,
  isWithinRenderBudget,
  MAX_MOVIE_SECONDS,
  MAX_SLIDE_SECONDS,
  RatioSchema,
  TEXT_MARGIN,
  type AnimatedTextParams,
  type Composition,
  type ImageDescription,
} from '@storyreel/core'
import { EFFECT_MODULES, frameInfo, layoutText } from '@storyreel/render'
import { registerFonts } from '@storyreel/render/node'
import fc from 'fast-check'
import { beforeAll, describe, expect, it } from 'vitest'
import { compose, composedMovie } from './composer'

/**
 * The composer's promises, for any pictures and clips the analysis (or a vision model) may
 * describe and anything a person may type as a suggestion.
 */

const colour = fc
  .integer({ min: 0, max: 0xffffff })
  .map((n) => `#${n.toString(16).padStart(6, '0')}`)
const percent = fc.double({ min: 0, max: 100, noNaN: true })
const unit = fc.double({ min: 0, max: 1, noNaN: true })

const descriptionArb: fc.Arbitrary<ImageDescription> = fc
  .record({
    name: fc.stringMatching(/^[A-Za-z0-9_-]{1,24}$/),
    kind: fc.constantFrom('image' as const, 'video' as const),
    ext: fc.constantFrom('png', 'jpg', 'jpeg', 'webp', 'gif'),
    size: fc.oneof(
      // Photos and clips of everyday shapes, from tall portraits to panoramas...
      fc
        .record({
          width: fc.integer({ min: 200, max: 12_000 }),
          aspect: fc.double({ min: 0.4, max: 5, noNaN: true }),
        })
        .map(({ width, aspect }) => ({ width, height: Math.max(1, Math.round(width / aspect)) })),
      // ...and any size at all.
      fc.record({
        width: fc.integer({ min: 1, max: 20_000 }),
        height: fc.integer({ min: 1, max: 20_000 }),
      }),
    ),
    orientation: fc.constantFrom('landscape' as const, 'portrait' as const, 'square' as const),
    duration: fc.option(fc.double({ min: 0.01, max: 600, noNaN: true }), { nil: null }),
    dominantColors: fc.array(colour, { maxLength: 5 }),
    brightness: unit,
    sharpness: unit,
    focus: fc.record({ x: percent, y: percent }),
    summary: fc.string({ maxLength: 80 }),
    calmRegion: fc.option(
      fc.oneof(
        // The local analysis' thirds...
        fc.record({
          x: fc.constant(0),
          y: fc.constantFrom(0, 33.3, 66.7),
          width: fc.constant(100),
          height: fc.constant(33.3),
          luma: unit,
        }),
        // ...or any rectangle a vision model gives, with or without its luma.
        fc.record(
          { x: percent, y: percent, width: percent, height: percent, luma: unit },
          { requiredKeys: ['x', 'y', 'width', 'height'] },
        ),
      ),
      { nil: undefined },
    ),
    subject: fc.option(fc.string({ unit: 'grapheme', maxLength: 200 }), { nil: undefined }),
    mood: fc.option(fc.constantFrom('calm', 'festive', 'romantic', 'joyful', '🎉'), {
      nil: undefined,
    }),
  })
  .map(({ name, ext, kind, size, duration, calmRegion, subject, mood, ...rest }) => ({
    ...rest,
    ...size,
    filename: `${name}.${kind === 'video' ? 'mp4' : ext}`,
    kind,
    duration: kind === 'video' ? duration : null,
    ...(calmRegion ? { calmRegion } : {}),
    ...(subject !== undefined ? { subject } : {}),
    ...(mood !== undefined ? { mood } : {}),
  }))

const WORDS = [
  'Summer',
  'in',
  'Lisbon',
  'birthday',
  'party',
  'calm',
  'lake',
  'memories',
  'love',
  'epic',
  'surf',
  'WWWWWWWWWWWWWWWWWWWWWWWW',
  'Ünïcödé',
  '日本語の旅',
  'مرحبا',
  '🎉',
  '❤️',
  '👍🏽',
  '🇵🇹',
  '1999',
  '—',
  '…',
  '!!!',
  '.',
  '?',
  '\n',
  'make a video of',
]

const sentenceArb = fc
  .array(fc.constantFrom(...WORDS.slice(0, 14)), { minLength: 1, maxLength: 14 })
  .map((w) => `${w.join(' ')}${['.', '!', '?', ''][w.length % 4]}`)

const suggestionArb = fc.oneof(
  fc.array(sentenceArb, { minLength: 1, maxLength: 12 }).map((s) => s.join(' ')),
  fc.string({ unit: 'grapheme', maxLength: 300 }),
  fc.string({ unit: 'binary', maxLength: 200 }),
  fc.string({ unit: 'grapheme', minLength: 1000, maxLength: 2500 }),
  fc.array(fc.constantFrom(...WORDS), { maxLength: 80 }).map((w) => w.join(' ')),
  fc.constantFrom('', ' ', '!!!', '?!.,;', '🎉🎂🥳', '\n\n\n', '.'.repeat(500)),
)

/** The engine's line height (packages/render animated-text.ts). */
const LINE_HEIGHT = 1.2
const ctx = createCanvas(16, 16).getContext('2d')

interface TextState {
  x: number
  y: number
  font: string
  fontPx: number
  boxWidth: number
}

/**
 * Text effects whose box, laid out by the engine with the video's fonts, reaches past the
 * margins at its start or end position (before the engine would push it back inside).
 */
function textOutsideMargins(c: Composition): string[] {
  const { width: W, height: H } = c.movieParams
  const problems: string[] = []
  for (const slide of c.composition) {
    const frame = frameInfo(W, H, slide, null)
    for (const effect of slide.effects) {
      if (effect.name !== 'animated_text') continue
      const p = effect.params as AnimatedTextParams
      for (const t of [p.textStart, p.textEnd]) {
        const s = EFFECT_MODULES.animated_text.state(t, p, frame) as TextState
        ctx.font = `${s.fontPx}px "${s.font}"`
        const lines = layoutText(p.text, s.boxWidth, (str) => ctx.measureText(str).width)
        const width = Math.max(0, ...lines.map((l) => l.width))
        const height = lines.length * s.fontPx * LINE_HEIGHT
        const inside =
          s.x - width / 2 >= (W * TEXT_MARGIN.x) / 100 - 0.5 &&
          s.x + width / 2 <= W - (W * TEXT_MARGIN.x) / 100 + 0.5 &&
          s.y - height / 2 >= (H * TEXT_MARGIN.y) / 100 - 0.5 &&
          s.y + height / 2 <= H - (H * TEXT_MARGIN.y) / 100 + 0.5
        if (!inside) problems.push(`${JSON.stringify(p.text)} at ${t}s: ${width}x${height}`)
      }
    }
  }
  return problems
}

const runs = { numRuns: 150 }
const ratioArb = fc.constantFrom(...RatioSchema.options)

describe('compose, for any descriptions and suggestion', () => {
  beforeAll(() => registerFonts())

  it('makes a valid composition at the format’s size, one slide per file, clips in order', () => {
    fc.assert(
      fc.property(
        fc.array(descriptionArb, { minLength: 1, maxLength: 50 }),
        suggestionArb,
        ratioArb,
        (ds, s, ratio) => {
          const c = compose(ds, s, ratio)
          expect(CompositionSchema.safeParse(c).error).toBeUndefined()
          expect(c.movieParams).toMatchObject(composedMovie(ratio))
          expect(c.composition.map((x) => x.filename).sort()).toEqual(
            ds.map((d) => d.filename).sort(),
          )
          const clips = (names: string[]) => names.filter((n) => n.endsWith('.mp4'))
          expect(clips(c.composition.map((x) => x.filename))).toEqual(
            clips(ds.map((d) => d.filename)),
          )
        },
      ),
      runs,
    )
  })

  it('keeps every text inside the margins of any format, as the engine lays it out', () => {
    fc.assert(
      fc.property(
        fc.array(descriptionArb, { minLength: 1, maxLength: 12 }),
        suggestionArb,
        ratioArb,
        (ds, s, ratio) => {
          expect(textOutsideMargins(compose(ds, s, ratio))).toEqual([])
        },
      ),
      runs,
    )
  })

  it('adds up its durations, each slide long enough for its narration, within the limits', () => {
    fc.assert(
      fc.property(
        fc.array(descriptionArb, { minLength: 1, maxLength: 50 }),
        suggestionArb,
        (ds, s) => {
          const c = compose(ds, s)
          const sum = c.composition.reduce((total, slide) => total + slide.duration, 0)
          expect(compositionDuration(c)).toBeCloseTo(sum, 9)
          for (const slide of c.composition) {
            expect(slide.duration).toBeGreaterThan(0)
            expect(slide.duration).toBeLessThanOrEqual(MAX_SLIDE_SECONDS)
            expect(slide.duration).toBeGreaterThanOrEqual(
              durationWithNarration(0, estimateNarrationSeconds(slide.narration ?? '')),
            )
          }
          // However long the voice takes within its bound.
          expect(compositionSecondsBound(c)).toBeLessThanOrEqual(MAX_MOVIE_SECONDS)
        },
      ),
      runs,
    )
  })

  it('stays within the FREE plan’s render budget for up to ten pictures', () => {
    fc.assert(
      fc.property(
        fc.array(descriptionArb, { minLength: 1, maxLength: 10 }),
        suggestionArb,
        (ds, s) => {
          expect(isWithinRenderBudget(compose(ds, s), 'FREE')).toBe(true)
        },
      ),
      runs,
    )
  })

  it('is deterministic and leaves its input alone', () => {
    fc.assert(
      fc.property(
        fc.array(descriptionArb, { minLength: 1, maxLength: 50 }),
        suggestionArb,
        (ds, s) => {
          const before = structuredClone(ds)
          const first = compose(ds, s)
          expect(ds).toEqual(before)
          expect(compose(before, s)).toEqual(first)
        },
      ),
      runs,
    )
  })
})
