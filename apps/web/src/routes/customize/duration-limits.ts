import { MAX_MOVIE_SECONDS, MAX_SLIDE_SECONDS, compositionDuration } from '@storyreel/core'
import { toComposition } from './editor-doc'
import type { EditorDoc } from './editor-doc'

/** The shortest slide the editor makes (the schema only asks for more than 0 s). */
export const MIN_SLIDE_SECONDS = 0.5

const round1 = (value: number) => Math.round(value * 10) / 10

/** The longest this slide may get: 60 s, and the whole movie within its ten minutes. */
export function maxDuration(doc: EditorDoc, index: number): number {
  const others = compositionDuration(toComposition(doc)) - (doc.slides[index]?.slide.duration ?? 0)
  return round1(
    Math.max(MIN_SLIDE_SECONDS, Math.min(MAX_SLIDE_SECONDS, MAX_MOVIE_SECONDS - others)),
  )
}

/**
 * A duration the slide may be set to, to the tenth of a second: what the duration field and the
 * timeline's edge both set.
 */
export function allowedDuration(doc: EditorDoc, index: number, seconds: number): number {
  return round1(Math.min(maxDuration(doc, index), Math.max(MIN_SLIDE_SECONDS, seconds)))
}
