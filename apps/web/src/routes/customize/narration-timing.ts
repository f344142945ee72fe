import { durationWithNarration, estimateNarrationSeconds, spokenText } from '@storyreel/core'
import type { Composition, Slide, VoiceId } from '@storyreel/core'

/** About how long the slide will last: the render stretches it to hold its narration. */
export function narratedDuration(slide: Slide, voice: VoiceId | null): number {
  const text = spokenText(slide, voice)
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
