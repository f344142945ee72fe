import { musicEnvelope } from '@storyreel/core'
import type { GainPoint, SpeechSpan } from '@storyreel/core'
import type { Playhead, PlayMode } from '@storyreel/render/browser'

/** A slide as the preview's sound sees it: its length as shown, and what the voice reads. */
export interface SoundSlide {
  duration: number
  /** The narration's cache key (text and voice), or null: the slide is silent. */
  speech: string | null
}

/** What the sound of one play is made from: the audio's lengths once fetched, seconds. */
export interface SoundSources {
  /** Each fetched narration's length by its key; a missing key was not fetched (or failed). */
  speechSeconds: Readonly<Record<string, number>>
  /**
   * The music's length and volume, and the gain that brings its file to the narration's
   * loudness (core's musicLevel), or null: no music (Off, or its file failed).
   */
  music: { seconds: number; volume: number; level: number } | null
}

/** A narration to start: `at` seconds after the play starts, `offset` seconds into its audio. */
export interface VoiceCue {
  slideIndex: number
  speech: string
  at: number
  offset: number
  /** How long it plays: to its end, or cut at its slide's end as the render cuts it. */
  duration: number
}

/** The music of one play: looped from `offset` into the track, its gain in play time. */
export interface MusicCue {
  offset: number
  duration: number
  gain: GainPoint[]
}

export interface SoundPlan {
  /** The video's time where the play starts, and how long it lasts, seconds. */
  start: number
  length: number
  voices: VoiceCue[]
  music: MusicCue | null
}

/** Seconds from the video's start to each slide's start. */
function slideStarts(slides: readonly SoundSlide[]): number[] {
  let t = 0
  return slides.map((s) => {
    const start = t
    t += s.duration
    return start
  })
}

/** Where each narration is heard in the whole video: from its slide's start, cut at its end. */
export function speechSpans(
  slides: readonly SoundSlide[],
  speechSeconds: Readonly<Record<string, number>>,
): (SpeechSpan & { slideIndex: number; speech: string })[] {
  const starts = slideStarts(slides)
  return slides.flatMap((slide, slideIndex) => {
    const seconds = slide.speech === null ? undefined : speechSeconds[slide.speech]
    if (slide.speech === null || seconds === undefined) return []
    const start = starts[slideIndex]!
    const end = start + Math.min(seconds, slide.duration)
    return end > start ? [{ slideIndex, speech: slide.speech, start, end }] : []
  })
}

/** The envelope's gain at `time`, linear between its points. */
export function gainAt(points: readonly GainPoint[], time: number): number {
  const after = points.findIndex((p) => p.time >= time)
  if (after === -1) return points.at(-1)?.gain ?? 0
  const b = points[after]!
  const a = points[after - 1]
  if (!a || b.time === a.time) return b.gain
  return a.gain + ((time - a.time) / (b.time - a.time)) * (b.gain - a.gain)
}

/**
 * What sounds when Play starts at `from`: each narration heard in the played stretch (the slide
 * alone, or the rest of the video) with the offset into it where the playhead sits, and the
 * music from the same point of the whole video's bed (levelled to the narration's loudness,
 * looped, faded, ducked under the speech by core's musicEnvelope, as the render mixes it), with
 * its gain points in the play's time.
 */
export function soundPlan(
  slides: readonly SoundSlide[],
  from: Playhead,
  mode: PlayMode,
  sources: SoundSources,
): SoundPlan {
  const starts = slideStarts(slides)
  const total = slides.reduce((sum, s) => sum + s.duration, 0)
  const slideStart = starts[from.slideIndex] ?? 0
  const start = slideStart + from.t
  const end =
    mode === 'slide'
      ? slideStart + (slides[from.slideIndex]?.duration ?? 0)
      : Math.max(total, start)
  const length = Math.max(0, end - start)
  const spans = speechSpans(slides, sources.speechSeconds)
  const voices = spans
    .filter((s) => s.end > start && s.start < end)
    .filter((s) => mode === 'video' || s.slideIndex === from.slideIndex)
    .map(({ slideIndex, speech, start: from_, end: to }) => ({
      slideIndex,
      speech,
      at: Math.max(0, from_ - start),
      offset: Math.max(0, start - from_),
      duration: Math.min(to, end) - Math.max(from_, start),
    }))
  return { start, length, voices, music: musicCue(sources.music, spans, total, start, length) }
}

function musicCue(
  music: SoundSources['music'],
  spans: readonly SpeechSpan[],
  total: number,
  start: number,
  length: number,
): MusicCue | null {
  if (!music || music.seconds <= 0 || length <= 0) return null
  const envelope = musicEnvelope({ total, volume: music.volume, speech: spans }).map((p) => ({
    time: p.time,
    gain: p.gain * music.level,
  }))
  const inside = envelope.filter((p) => p.time > start && p.time < start + length)
  const gain = [
    { time: 0, gain: gainAt(envelope, start) },
    ...inside.map((p) => ({ time: p.time - start, gain: p.gain })),
    { time: length, gain: gainAt(envelope, start + length) },
  ]
  return { offset: start % music.seconds, duration: length, gain }
}
