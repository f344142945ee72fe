import {
  DEFAULT_CAPTIONS,
  DEFAULT_MUSIC_VOLUME,
  MAX_EFFECTS_PER_SLIDE,
  MAX_NARRATION_CHARS,
  MAX_SLIDES,
} from '@storyreel/core'
import type {
  Captions,
  Composition,
  Effect,
  Framing,
  Music,
  Slide,
  Transition,
  VoiceId,
} from '@storyreel/core'

/**
 * What the editor edits: the composition, with a stable key for each slide and each effect (a
 * slide's id is its file name, which a duplicate shares) and the params the AI first gave each
 * of its effects, for the 'AI Generated' preset. Every function here is pure; the composition
 * the server gets is `toComposition(doc)`.
 */
export interface EffectMeta {
  key: string
  /** The params the composer gave this effect, when it came from the AI. */
  aiParams?: Record<string, unknown>
}

export interface EditorSlide {
  key: string
  slide: Slide
  effects: EffectMeta[]
}

export interface EditorDoc {
  movieParams: Composition['movieParams']
  renderedVideoUrl: Composition['renderedVideoUrl']
  slides: EditorSlide[]
}

/** The keys and AI params of a doc, saved beside the composition so a reload keeps them. */
export type DocMeta = { key: string; id: string; effects: (EffectMeta & { name: string })[] }[]

export type NewKey = () => string

function isAi(effect: Effect): boolean {
  return effect.source === 'AI'
}

/**
 * The doc of a composition. `meta` (saved earlier) gives back the keys and AI params when it
 * still describes this composition, slide for slide and effect for effect; otherwise the AI
 * effects' params as they are now are taken as the AI's.
 */
export function fromComposition(
  composition: Composition,
  newKey: NewKey,
  meta: DocMeta | null = null,
): EditorDoc {
  const fits =
    meta !== null &&
    meta.length === composition.composition.length &&
    composition.composition.every((slide, i) => {
      const saved = meta[i]!
      return (
        saved.id === slide.id &&
        saved.effects.length === slide.effects.length &&
        slide.effects.every((effect, j) => saved.effects[j]!.name === effect.name)
      )
    })
  return {
    movieParams: composition.movieParams,
    renderedVideoUrl: composition.renderedVideoUrl ?? null,
    slides: composition.composition.map((slide, i) => ({
      key: fits ? meta[i]!.key : newKey(),
      slide,
      effects: slide.effects.map((effect, j) => {
        if (fits) {
          const { key, aiParams } = meta[i]!.effects[j]!
          return aiParams ? { key, aiParams } : { key }
        }
        return isAi(effect) ? { key: newKey(), aiParams: { ...effect.params } } : { key: newKey() }
      }),
    })),
  }
}

export function toComposition(doc: EditorDoc): Composition {
  return {
    movieParams: doc.movieParams,
    renderedVideoUrl: doc.renderedVideoUrl,
    composition: doc.slides.map((s) => s.slide),
  }
}

export function docMeta(doc: EditorDoc): DocMeta {
  return doc.slides.map((s) => ({
    key: s.key,
    id: s.slide.id,
    effects: s.effects.map((meta, j) => ({ ...meta, name: s.slide.effects[j]!.name })),
  }))
}

/** The slide's id for a stored file name: the name without its extension (SPEC section 3). */
export function slideIdOf(filename: string): string {
  return filename.replace(/\.[^.]+$/, '')
}

function inRange(doc: EditorDoc, index: number): boolean {
  return Number.isInteger(index) && index >= 0 && index < doc.slides.length
}

function withSlide(doc: EditorDoc, index: number, change: (s: EditorSlide) => EditorSlide) {
  if (!inRange(doc, index)) return doc
  return { ...doc, slides: doc.slides.map((s, i) => (i === index ? change(s) : s)) }
}

/** Moves a slide from one place to another, the others closing up (a drag in the strip). */
export function moveSlide(doc: EditorDoc, from: number, to: number): EditorDoc {
  if (!inRange(doc, from) || !inRange(doc, to) || from === to) return doc
  const slides = [...doc.slides]
  const [moved] = slides.splice(from, 1)
  slides.splice(to, 0, moved!)
  return { ...doc, slides }
}

export function canAddSlides(doc: EditorDoc, count = 1): boolean {
  return doc.slides.length + count <= MAX_SLIDES
}

/** A copy of the slide right after it, with keys of its own; its AI effects stay AI's. */
export function duplicateSlide(doc: EditorDoc, index: number, newKey: NewKey): EditorDoc {
  const original = doc.slides[index]
  if (!original || !canAddSlides(doc)) return doc
  const copy: EditorSlide = {
    key: newKey(),
    slide: structuredClone(original.slide),
    effects: original.effects.map((meta) => ({ ...meta, key: newKey() })),
  }
  const slides = [...doc.slides]
  slides.splice(index + 1, 0, copy)
  return { ...doc, slides }
}

/** Removes a slide; the last one stays (a composition has at least one). */
export function deleteSlide(doc: EditorDoc, index: number): EditorDoc {
  if (!inRange(doc, index) || doc.slides.length <= 1) return doc
  return { ...doc, slides: doc.slides.filter((_, i) => i !== index) }
}

/** Shows another stored file on the slide; its duration and effects stay. */
export function replaceMedia(doc: EditorDoc, index: number, filename: string): EditorDoc {
  return withSlide(doc, index, (s) => ({
    ...s,
    slide: { ...s.slide, id: slideIdOf(filename), filename },
  }))
}

export function setDuration(doc: EditorDoc, index: number, seconds: number): EditorDoc {
  if (!Number.isFinite(seconds) || seconds <= 0 || doc.slides[index]?.slide.duration === seconds) {
    return doc
  }
  return withSlide(doc, index, (s) => ({ ...s, slide: { ...s.slide, duration: seconds } }))
}

/** What the voice says over the slide; nothing said leaves the slide without narration. */
export function setNarration(doc: EditorDoc, index: number, text: string): EditorDoc {
  const narration = text.slice(0, MAX_NARRATION_CHARS)
  if ((doc.slides[index]?.slide.narration ?? '') === narration) return doc
  return withSlide(doc, index, (s) => {
    const slide: Slide = { ...s.slide, narration }
    if (narration === '') delete slide.narration
    return { ...s, slide }
  })
}

/** How the slide's picture meets the frame: filling it (cropped), or whole on its blurred copy. */
export function setFraming(doc: EditorDoc, index: number, framing: Framing): EditorDoc {
  // A slide without framing covers: choosing cover for it changes nothing.
  if ((doc.slides[index]?.slide.framing ?? 'cover') === framing) return doc
  return withSlide(doc, index, (s) => ({ ...s, slide: { ...s.slide, framing } }))
}

/**
 * How the slide turns into the next: its type and length. Setting what the slide already has
 * changes nothing; an older slide without one (a cut with its own fades) takes the one set.
 */
export function setTransition(doc: EditorDoc, index: number, transition: Transition): EditorDoc {
  const current = doc.slides[index]?.slide.transition
  if (current?.type === transition.type && current.duration === transition.duration) return doc
  return withSlide(doc, index, (s) => ({ ...s, slide: { ...s.slide, transition } }))
}

/** The narration's voice for the whole video; null is Off. */
export function setVoice(doc: EditorDoc, voice: VoiceId | null): EditorDoc {
  if (doc.movieParams.voice === voice) return doc
  return { ...doc, movieParams: { ...doc.movieParams, voice } }
}

/** The music bed: a track (keeping the volume chosen before), or null for none (Off). */
export function setMusicTrack(doc: EditorDoc, track: Music['track'] | null): EditorDoc {
  const current = doc.movieParams.music ?? null
  if ((current?.track ?? null) === track) return doc
  const music = track === null ? null : { track, volume: current?.volume ?? DEFAULT_MUSIC_VOLUME }
  return { ...doc, movieParams: { ...doc.movieParams, music } }
}

/** The music's volume, 0 to 1; nothing to change without music. */
export function setMusicVolume(doc: EditorDoc, volume: number): EditorDoc {
  const current = doc.movieParams.music
  const next = Math.min(1, Math.max(0, volume))
  if (!current || current.volume === next) return doc
  return { ...doc, movieParams: { ...doc.movieParams, music: { ...current, volume: next } } }
}

/** Changes some of the captions' settings; a video without them has DEFAULT_CAPTIONS (off). */
export function setCaptions(doc: EditorDoc, change: Partial<Captions>): EditorDoc {
  const current = doc.movieParams.captions ?? DEFAULT_CAPTIONS
  const next = { ...current, ...change }
  if ((Object.keys(change) as (keyof Captions)[]).every((k) => current[k] === next[k])) return doc
  return { ...doc, movieParams: { ...doc.movieParams, captions: next } }
}

export function canAddEffect(slide: Slide): boolean {
  return slide.effects.length < MAX_EFFECTS_PER_SLIDE
}

/** Adds an effect at the end of the slide's list (drawn last, on top). */
export function addEffect(doc: EditorDoc, index: number, effect: Effect, key: string): EditorDoc {
  return withSlide(doc, index, (s) =>
    canAddEffect(s.slide)
      ? {
          ...s,
          slide: { ...s.slide, effects: [...s.slide.effects, effect] },
          effects: [...s.effects, { key }],
        }
      : s,
  )
}

/**
 * Changes an effect's params: `merge` keeps the ones not given (a slider, a preset, a drag on
 * the canvas), otherwise they are replaced whole (the 'AI Generated' preset).
 */
export function setEffectParams(
  doc: EditorDoc,
  index: number,
  effectIndex: number,
  params: Record<string, unknown>,
  merge = true,
): EditorDoc {
  return withSlide(doc, index, (s) => {
    const effect = s.slide.effects[effectIndex]
    if (!effect) return s
    const next = {
      ...effect,
      params: merge ? { ...effect.params, ...params } : { ...params },
    } as Effect
    return {
      ...s,
      slide: { ...s.slide, effects: s.slide.effects.map((e, j) => (j === effectIndex ? next : e)) },
    }
  })
}

export function deleteEffect(doc: EditorDoc, index: number, effectIndex: number): EditorDoc {
  return withSlide(doc, index, (s) =>
    s.slide.effects[effectIndex]
      ? {
          ...s,
          slide: { ...s.slide, effects: s.slide.effects.filter((_, j) => j !== effectIndex) },
          effects: s.effects.filter((_, j) => j !== effectIndex),
        }
      : s,
  )
}

/** New slides at the end (media added from the editor), as many as the composition may hold. */
export function appendSlides(doc: EditorDoc, slides: Slide[], newKey: NewKey): EditorDoc {
  const room = Math.max(0, MAX_SLIDES - doc.slides.length)
  if (room === 0 || slides.length === 0) return doc
  return {
    ...doc,
    slides: [
      ...doc.slides,
      ...slides.slice(0, room).map((slide) => ({
        key: newKey(),
        slide,
        effects: slide.effects.map(() => ({ key: newKey() })),
      })),
    ],
  }
}

export function withoutRenderedUrl(doc: EditorDoc): EditorDoc {
  return doc.renderedVideoUrl === null ? doc : { ...doc, renderedVideoUrl: null }
}
