import { durationWithNarration, estimateNarrationSeconds, spokenText } from '@storyreel/core'
import type { Composition, Slide, VoiceId } from '@storyreel/core'

/**
 * How long the voice reads each text in the video, seconds, as the server measured it by the
 * synthesis the render uses (audioApi.length), keyed by spokenKey.
 */
export type SpokenLengths = Readonly<Record<string, number>>

const NO_LENGTHS: SpokenLengths = {}

/** The key of a text read by a voice in SpokenLengths. */
export function spokenKey(text: string, voice: VoiceId): string {
  return `${voice}:${text}`
}

/** A slide's length in the video, and whether it is the voice's own or still an estimate. */
export interface SlideTiming {
  seconds: number
  /** How long the voice reads the slide's narration, seconds (0: nothing is read). */
  spoken: number
  /** The narration's length is the server's measure (or there is nothing to read). */
  known: boolean
}

/**
 * How long the slide will last: the render stretches it to hold its narration. The voice's own
 * length when the server has measured it, an estimate until then.
 */
export function slideTiming(
  slide: Slide,
  voice: VoiceId | null,
  lengths: SpokenLengths = NO_LENGTHS,
): SlideTiming {
  const text = spokenText(slide, voice)
  if (!text || voice === null) return { seconds: slide.duration, spoken: 0, known: true }
  const measured = lengths[spokenKey(text, voice)]
  const spoken = measured ?? estimateNarrationSeconds(text)
  return {
    seconds: durationWithNarration(slide.duration, spoken),
    spoken,
    known: measured !== undefined,
  }
}

/**
 * The composition with each slide stretched as the render will stretch it, for the preview and
 * the totals; the same object when no narration needs more time.
 */
export function narratedComposition(
  composition: Composition,
  lengths: SpokenLengths = NO_LENGTHS,
): Composition {
  const { voice } = composition.movieParams
  const slides = composition.composition.map((slide) => {
    const duration = slideTiming(slide, voice, lengths).seconds
    return duration === slide.duration ? slide : { ...slide, duration }
  })
  return slides.every((slide, i) => slide === composition.composition[i])
    ? composition
    : { ...composition, composition: slides }
}
