import { durationWithNarration, estimateWordTimings, narrationWords } from '@storyreel/core'
import type { Composition, MovieParams, Slide, VoiceId } from '@storyreel/core'
import type { SceneCaptions } from '@storyreel/render'

/**
 * How fast the voices read, words per second: an unhurried narrator. Only the editor guesses
 * with it; the render times everything from the speech itself.
 */
export const WORDS_PER_SECOND = 2.6

/** About how long a text takes to say. */
export function estimateNarrationSeconds(text: string): number {
  return narrationWords(text).length / WORDS_PER_SECOND
}

/** What the voice says over the slide, or nothing without a voice (Off). */
function spoken(slide: Slide, voice: VoiceId | null): string {
  return voice === null ? '' : (slide.narration ?? '').trim()
}

/** About how long the slide will last: the render stretches it to hold its narration. */
export function narratedDuration(slide: Slide, voice: VoiceId | null): number {
  const text = spoken(slide, voice)
  return text
    ? durationWithNarration(slide.duration, estimateNarrationSeconds(text))
    : slide.duration
}

/**
 * The composition with each slide stretched as the render will stretch it, for the preview and
 * the totals; the same object when no narration needs more time.
 */
export function narratedComposition(composition: Composition): Composition {
  const { voice } = composition.movieParams
  const slides = composition.composition.map((slide) => {
    const duration = narratedDuration(slide, voice)
    return duration === slide.duration ? slide : { ...slide, duration }
  })
  return slides.every((slide, i) => slide === composition.composition[i])
    ? composition
    : { ...composition, composition: slides }
}

/**
 * The captions the preview draws over the slide: its narration's words, timed by estimate from
 * the slide's start; none while captions are off, without a voice or without words.
 */
export function slideCaptions(movie: MovieParams, slide: Slide): SceneCaptions | undefined {
  const text = spoken(slide, movie.voice)
  if (!movie.captions?.enabled || !text) return undefined
  return {
    style: movie.captions,
    words: estimateWordTimings(text, estimateNarrationSeconds(text)),
  }
}
