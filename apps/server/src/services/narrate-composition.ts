import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  durationWithNarration,
  isNarrated,
  narrationSecondsBound,
  narrationWebVtt,
  type Composition,
  type RenderedComposition,
  type RenderedSlide,
  type WordTiming,
} from '@storyreel/core'
import { buildNarrationTrack, slideSpans, type MediaTools } from '@storyreel/render/server'
import { speak, type SpeechDeps } from './speech'

/** A composition's narration, spoken and laid on the video's timeline. */
export interface Narration {
  /**
   * The composition as rendered: each narrated slide stretched to its speech and a pause, with
   * the words spoken over it.
   */
  composition: RenderedComposition
  /** The narration track (WAV), as long as the stretched video. */
  trackFile: string
  /** The words as WebVTT captions, timed on the video. */
  captionsFile: string
}

/** Whether the render speaks: a voice is chosen and some slide has words to say. */
export function hasNarration(composition: Composition): boolean {
  const { voice } = composition.movieParams
  return composition.composition.some((s) => isNarrated(s, voice))
}

/**
 * A reading at most as long as core's bound for its text: what the render's cost and time limit
 * were computed with. A longer one (a voice spelling out a long number) is cut there, and the
 * words past the cut are dropped.
 */
function withinBound(seconds: number, words: WordTiming[], text: string) {
  const bound = narrationSecondsBound(text)
  if (seconds <= bound) return { seconds, words }
  return {
    seconds: bound,
    words: words.filter((w) => w.start < bound).map((w) => ({ ...w, end: Math.min(w.end, bound) })),
  }
}

/**
 * Speaks each narrated slide (from the speech cache when it was spoken before), stretches each
 * slide to its speech plus core's pause so that no narration runs into the next slide, and
 * writes into `workDir` the narration track, each speech starting on its slide's first frame,
 * and the WebVTT captions.
 */
export async function narrateComposition(
  deps: SpeechDeps & { tools: MediaTools },
  composition: Composition,
  workDir: string,
  signal: AbortSignal,
): Promise<Narration> {
  const { voice } = composition.movieParams
  if (voice === null) throw new Error('narration needs a voice')
  const spoken: ({ mp3Key: string; seconds: number; words: WordTiming[] } | null)[] = []
  // One slide at a time: the voice engine is shared with the editor's audio previews.
  for (const slide of composition.composition) {
    if (!isNarrated(slide, voice)) {
      spoken.push(null)
      continue
    }
    const speech = await speak(deps, slide.narration!, voice, signal)
    spoken.push({
      mp3Key: speech.mp3Key,
      ...withinBound(speech.seconds, speech.words, slide.narration!),
    })
  }
  const slides = composition.composition.map((slide, k): RenderedSlide => {
    const s = spoken[k]
    if (!s) return slide
    return {
      ...slide,
      duration: durationWithNarration(slide.duration, s.seconds),
      spokenWords: s.words,
    }
  })
  const spans = slideSpans(slides.map((s) => s.duration))
  const parts = []
  for (const [k, s] of spoken.entries()) {
    if (s) parts.push({ file: await deps.storage.localPath(s.mp3Key), ...spans[k]! })
  }
  const trackFile = path.join(workDir, 'narration.wav')
  await buildNarrationTrack({
    parts,
    total: spans.at(-1)!.end,
    outFile: trackFile,
    tools: deps.tools,
    signal,
  })
  const captionsFile = path.join(workDir, 'captions.vtt')
  await writeFile(
    captionsFile,
    narrationWebVtt(
      spans.map((span, k) => ({ start: span.start, words: slides[k]!.spokenWords ?? [] })),
    ),
  )
  return { composition: { ...composition, composition: slides }, trackFile, captionsFile }
}
