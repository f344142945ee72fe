import { copyFile, writeFile } from 'node:fs/promises'
import path from 'node:path'
import {
  boundedNarrationSeconds,
  durationWithNarration,
  isNarrated,
  narrationWebVtt,
  type Composition,
  type RenderedComposition,
  type RenderedSlide,
  type SpeechSpan,
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
  /** Where the voice speaks on the video: each narrated slide's start, for its reading's length. */
  speech: SpeechSpan[]
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
  const cut = boundedNarrationSeconds(seconds, text)
  if (cut === seconds) return { seconds, words }
  return {
    seconds: cut,
    words: words.filter((w) => w.start < cut).map((w) => ({ ...w, end: Math.min(w.end, cut) })),
  }
}

/**
 * Speaks each narrated slide for the render's user (from their speech cache when they had it
 * spoken before), stretches each slide to its speech plus core's pause so that no narration runs
 * into the next slide, and writes into `workDir` the narration track, each speech starting on its
 * slide's first frame, and the WebVTT captions.
 */
export async function narrateComposition(
  deps: SpeechDeps & { tools: MediaTools },
  task: { userId: string; composition: Composition },
  workDir: string,
  signal: AbortSignal,
): Promise<Narration> {
  const { composition } = task
  const { voice } = composition.movieParams
  if (voice === null) throw new Error('narration needs a voice')
  const spoken: ({ file: string; seconds: number; words: WordTiming[] } | null)[] = []
  // One slide at a time: the voice's turns are per user, shared with the editor's previews.
  for (const [k, slide] of composition.composition.entries()) {
    if (!isNarrated(slide, voice)) {
      spoken.push(null)
      continue
    }
    const text = slide.narration!
    const speech = await speak(deps, { userId: task.userId, text, voice }, signal)
    // Copied at once: the cache may evict the entry while later slides are spoken.
    const file = path.join(workDir, `narration-${k}.mp3`)
    await copyFile(await deps.storage.localPath(speech.mp3Key), file)
    spoken.push({ file, ...withinBound(speech.seconds, speech.words, text) })
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
  const parts = spoken.flatMap((s, k) => (s ? [{ file: s.file, ...spans[k]! }] : []))
  const speech = spoken.flatMap((s, k) => {
    const span = spans[k]!
    return s ? [{ start: span.start, end: Math.min(span.end, span.start + s.seconds) }] : []
  })
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
  return { composition: { ...composition, composition: slides }, trackFile, speech, captionsFile }
}
