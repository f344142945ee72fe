import {
  CompositionSchema,
  DEFAULT_MUSIC_VOLUME,
  durationWithNarration,
  EFFECT_NAMES,
  EffectSchema,
  estimateNarrationSeconds,
  MAX_EFFECTS_PER_SLIDE,
  MAX_NARRATION_CHARS,
  MAX_SLIDE_SECONDS,
  MAX_SLIDES,
  MusicTrackIdSchema,
  sliderRange,
  type Composition,
  type Effect,
  type EffectName,
  type ImageDescription,
  type Slide,
} from '@storyreel/core'
import { aiParamNames } from './compose-request'

/** An answer that cannot be made into a composition of the user's files. */
export class UnusableAnswer extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UnusableAnswer'
  }
}

/** Shortest slide: under a second nothing on it can be seen. */
const MIN_SLIDE_SECONDS = 1
/** The length a slide gets when the model names none and the rules have none either. */
const DEFAULT_SLIDE_SECONDS = 4
/** Text timings the model's answer gets, the rest of the text effect's are its own. */
const TEXT_TIMES = ['textStart', 'textEnd']

type Json = Record<string, unknown>
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v)
const isNumber = (v: unknown): v is number => typeof v === 'number' && Number.isFinite(v)
const clamp = (v: number, min: number, max: number) => Math.min(max, Math.max(min, v))
const round1 = (v: number) => Math.round(v * 10) / 10

/** Narration cut to the longest a slide may have, at a word. */
function fitNarration(text: string): string {
  const trimmed = text.trim()
  if (trimmed.length <= MAX_NARRATION_CHARS) return trimmed
  const cut = trimmed.slice(0, MAX_NARRATION_CHARS - 1)
  return `${cut.slice(0, cut.lastIndexOf(' ') > 0 ? cut.lastIndexOf(' ') : cut.length)}…`
}

/**
 * One effect of the answer made valid, or none: an unknown effect is dropped, params the model
 * may not set are left out, each number is clamped to its slider's range (and text timings to the
 * slide), a zoom aims at the focus the analysis found. Whatever still fails the effect's schema
 * is dropped. Every effect kept is marked as the AI's.
 */
function repairEffect(raw: unknown, d: ImageDescription, duration: number): Effect[] {
  if (!isRecord(raw) || !EFFECT_NAMES.includes(raw.name as EffectName)) return []
  const name = raw.name as EffectName
  const given = isRecord(raw.params) ? raw.params : {}
  const params: Json = {}
  for (const key of aiParamNames(name)) {
    const value = given[key]
    if (isNumber(value)) {
      const { min, max } = sliderRange(name, key)
      params[key] = clamp(value, min, TEXT_TIMES.includes(key) ? Math.min(max, duration) : max)
    } else if (value !== undefined) {
      params[key] = value
    }
  }
  if (name === 'zoom') Object.assign(params, { focusX: d.focus.x, focusY: d.focus.y })
  const description = typeof raw.description === 'string' ? raw.description.trim() : ''
  const effect = EffectSchema.safeParse({
    name,
    params,
    source: 'AI',
    ...(description && { description: description.slice(0, 300) }),
  })
  return effect.success ? [effect.data] : []
}

/** A slide of the answer made valid, over the rules' slide of the same file. */
function repairSlide(raw: Json, d: ImageDescription, rules: Slide | undefined): Slide {
  // A clip's slide lasts its length at most, as the rules do it.
  const longest =
    d.kind === 'video' && d.duration ? Math.min(d.duration, MAX_SLIDE_SECONDS) : MAX_SLIDE_SECONDS
  const asked = isNumber(raw.duration) ? raw.duration : (rules?.duration ?? DEFAULT_SLIDE_SECONDS)
  const narration =
    typeof raw.narration === 'string' ? fitNarration(raw.narration) : (rules?.narration ?? '')
  // Long enough for its narration, as the rules size slides too.
  const duration = Math.min(
    MAX_SLIDE_SECONDS,
    durationWithNarration(
      round1(clamp(asked, MIN_SLIDE_SECONDS, longest)),
      estimateNarrationSeconds(narration),
    ),
  )
  const effects = (Array.isArray(raw.effects) ? raw.effects : [])
    .flatMap((e) => repairEffect(e, d, duration))
    .slice(0, MAX_EFFECTS_PER_SLIDE)
  return {
    // What else the rules set on the slide (its framing) stays.
    ...rules,
    id: d.filename.replace(/\.[^.]+$/, ''),
    filename: d.filename,
    duration,
    effects,
    narration,
  }
}

/**
 * The slides with fades only where the video starts and ends: between slides they dissolve into
 * each other (the rules' transition, kept on each slide), and a model's fade at a boundary would
 * dip it to black, which only the user chooses. A fade left with nothing to do is dropped.
 */
function fadesAtEnds(slides: Slide[]): Slide[] {
  return slides.map((slide, i) => ({
    ...slide,
    effects: slide.effects.flatMap((effect): Effect[] => {
      if (effect.name !== 'fade') return [effect]
      const params = {
        fadeInDuration: i === 0 ? effect.params.fadeInDuration : 0,
        fadeOutDuration: i === slides.length - 1 ? effect.params.fadeOutDuration : 0,
      }
      return params.fadeInDuration > 0 || params.fadeOutDuration > 0 ? [{ ...effect, params }] : []
    }),
  }))
}

/** The rules' movie with the model's track when it is a built-in one. */
function withMusic(movie: Composition['movieParams'], chosen: unknown) {
  const track = MusicTrackIdSchema.safeParse(chosen)
  if (!track.success) return movie
  return {
    ...movie,
    music: { track: track.data, volume: movie.music?.volume ?? DEFAULT_MUSIC_VOLUME },
  }
}

/**
 * The chat model's answer made into a valid composition of the described files, or an
 * UnusableAnswer (then the rules compose). Repairs what can be repaired (see repairSlide and
 * repairEffect); a file that was not described is not: an answer naming one is refused whole,
 * as a model that invents files cannot be trusted with the rest. Each file is shown once; one
 * the model left out gets the rules' slide, after the model's. The movie's size and voice are the
 * rules' (the app rescales the size to the chosen ratio), and so is each slide's transition into
 * the next; fades stay at the video's two ends (fadesAtEnds). The music is the built-in track the
 * model chose, at the rules' volume, or the rules' when it chose none of them.
 */
export function repairComposition(
  answer: unknown,
  descriptions: ImageDescription[],
  rules: Composition,
): Composition {
  if (!isRecord(answer) || !Array.isArray(answer.slides) || answer.slides.length === 0) {
    throw new UnusableAnswer('no slides')
  }
  const described = new Map(descriptions.map((d) => [d.filename, d]))
  const rulesSlide = (filename: string) => rules.composition.find((s) => s.filename === filename)
  const slides: Slide[] = []
  for (const raw of answer.slides) {
    if (!isRecord(raw)) continue
    const d = described.get(raw.filename as string)
    if (!d) throw new UnusableAnswer(`not a described file: ${String(raw.filename)}`)
    if (slides.some((s) => s.filename === d.filename)) continue
    slides.push(repairSlide(raw, d, rulesSlide(d.filename)))
  }
  for (const d of descriptions) {
    const missing = rulesSlide(d.filename)
    if (missing && !slides.some((s) => s.filename === d.filename)) slides.push(missing)
  }
  const composition = CompositionSchema.safeParse({
    movieParams: withMusic(rules.movieParams, answer.music),
    renderedVideoUrl: null,
    composition: fadesAtEnds(slides.slice(0, MAX_SLIDES)),
  })
  if (!composition.success) throw new UnusableAnswer(composition.error.message)
  return composition.data
}
