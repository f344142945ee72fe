import { z } from 'zod'

/** One slide's narration: a sentence or two, read in about 10 to 25 seconds at most. */
export const MAX_NARRATION_CHARS = 400

/** Silence after a slide's narration before the next slide starts, seconds. */
export const NARRATION_PAUSE_SECONDS = 0.4

/** Integrated loudness of the narration track (EBU R128), LUFS: the level of spoken podcasts. */
export const NARRATION_TARGET_LUFS = -16

/** One spoken word, in seconds from the start of its slide's narration. */
export const WordTimingSchema = z.object({
  text: z.string(),
  start: z.number().min(0),
  end: z.number().min(0),
})
export type WordTiming = z.infer<typeof WordTimingSchema>

/** What a slide's narration is once spoken: its length and each word's time. */
export interface SpokenNarration {
  seconds: number
  words: WordTiming[]
}

/**
 * Whether a text has anything to say: a letter or a digit, in any script. Punctuation, symbols
 * and white space alone ("...", "!!!") are silence: no voice reads them, and a slide narrated so
 * is a silent slide.
 */
export function hasSpeech(text: string | undefined): boolean {
  return /[\p{L}\p{N}]/u.test(text ?? '')
}

/** The words of a text as the captions show them: split on white space, punctuation kept. */
export function narrationWords(text: string): string[] {
  return text.split(/\s+/).filter((w) => w.length > 0)
}

/**
 * A slide lasts at least as long as its narration plus a short pause, in tenths of a second so
 * that durations stay readable in the editor.
 */
export function durationWithNarration(duration: number, narrationSeconds: number): number {
  if (narrationSeconds <= 0) return duration
  const needed = Math.ceil((narrationSeconds + NARRATION_PAUSE_SECONDS) * 10) / 10
  return Math.max(duration, needed)
}

/**
 * Words per second of the offline voices, a little under what they measure (about 3.1), so the
 * estimate errs on the long side: a slide sized by it rarely needs stretching at render.
 */
const ESTIMATED_WORDS_PER_SECOND = 2.8

/** How long a voice takes to read the text, estimated before it is synthesised. */
export function estimateNarrationSeconds(text: string): number {
  const words = narrationWords(text)
  if (words.length === 0) return 0
  const sentences = words.filter((w) => /[.!?…]["')\]]*$/.test(w)).length
  return words.length / ESTIMATED_WORDS_PER_SECOND + Math.max(0, sentences - 1) * 0.3
}

/** Pauses a reader makes after punctuation, in characters' worth of time. */
const PAUSE_WEIGHT: [RegExp, number][] = [
  [/[.!?…]["')\]]*$/, 6],
  [/[,;:—–-]["')\]]*$/, 3],
]

/**
 * Word times spread over `seconds` by each word's length and the pause after its punctuation: the
 * editor's preview of captions before the narration is synthesised (the render uses the voice's
 * own timings).
 */
export function estimateWordTimings(text: string, seconds: number): WordTiming[] {
  const words = narrationWords(text)
  if (words.length === 0 || seconds <= 0) return []
  const weights = words.map((w) => w.length + 1)
  const pauses = words.map((w) => PAUSE_WEIGHT.find(([re]) => re.test(w))?.[1] ?? 0)
  const total = weights.reduce((a, b) => a + b, 0) + pauses.slice(0, -1).reduce((a, b) => a + b, 0)
  const perUnit = seconds / total
  let at = 0
  return words.map((text, i) => {
    const start = at
    const end = start + weights[i]! * perUnit
    at = end + pauses[i]! * perUnit
    return { text, start, end }
  })
}

/** What the voice says over a slide: its narration, or nothing without a voice (Off). */
export function spokenText(slide: { narration?: string }, voice: string | null): string {
  return voice === null ? '' : (slide.narration ?? '').trim()
}
