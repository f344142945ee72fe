import type { WordTiming } from './narration'

/** Most words in one cue: a caption line. */
export const VTT_CUE_MAX_WORDS = 7
/** Most characters in one cue, the usual length of a subtitle line. */
export const VTT_CUE_MAX_CHARS = 42
/** A pause in the speech at least this long (seconds) ends a cue. */
const CUE_BREAK_PAUSE = 0.8
const SENTENCE_END = /[.!?…]["')\]]*$/

/** One slide's spoken words, in seconds from the slide's start, and where the slide starts. */
export interface SlideWords {
  start: number
  words: readonly WordTiming[]
}

/** hh:mm:ss.ttt */
function timestamp(seconds: number): string {
  const ms = Math.round(Math.max(0, seconds) * 1000)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  const h = Math.floor(ms / 3_600_000)
  const m = Math.floor(ms / 60_000) % 60
  const s = Math.floor(ms / 1000) % 60
  return `${pad(h)}:${pad(m)}:${pad(s)}.${pad(ms % 1000, 3)}`
}

const ms = (seconds: number) => Math.round(seconds * 1000)

/** Cue text may not hold markup of its own, nor line breaks (a blank line ends the cue). */
function escapeText(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
}

/** Where the speech makes a clear break: after a sentence, or at a long pause. */
function phrases(words: readonly WordTiming[]): [number, number][] {
  const spans: [number, number][] = []
  let from = 0
  words.forEach((w, i) => {
    const next = words[i + 1]
    if (!next || SENTENCE_END.test(w.text) || next.start - w.end >= CUE_BREAK_PAUSE) {
      spans.push([from, i + 1])
      from = i + 1
    }
  })
  return spans
}

function fits(words: readonly WordTiming[], [from, to]: [number, number]): boolean {
  const chars = words.slice(from, to).reduce((n, w) => n + w.text.length, to - from - 1)
  return to - from <= VTT_CUE_MAX_WORDS && (chars <= VTT_CUE_MAX_CHARS || to - from === 1)
}

/** As many words a line as fit. */
function greedy(words: readonly WordTiming[], from: number, to: number): [number, number][] {
  const spans: [number, number][] = []
  let start = from
  for (let i = from + 1; i <= to; i++) {
    if (i === to || !fits(words, [start, i + 1])) {
      spans.push([start, i])
      start = i
    }
  }
  return spans
}

/**
 * A phrase cut into caption lines: as few as the greedy cut, but as even as they fit, so a
 * phrase never ends on a line of one word.
 */
function phraseSpans(words: readonly WordTiming[], from: number, to: number): [number, number][] {
  const lines = greedy(words, from, to)
  const k = lines.length
  const even = Array.from({ length: k }, (_, j): [number, number] => [
    from + Math.round(((to - from) * j) / k),
    from + Math.round(((to - from) * (j + 1)) / k),
  ])
  return even.every((span) => fits(words, span)) ? even : lines
}

/**
 * One cue: its words, each after the first led by its start as a WebVTT timestamp tag, so a
 * player can light the words as they are spoken (karaoke style). A tag must lie strictly inside
 * the cue and after the one before it; a word that cannot have one shares its neighbour's.
 */
function cue(words: readonly WordTiming[], offset: number, start: number, end: number): string {
  let last = ms(start)
  const text = words
    .map((w, k) => {
      const at = offset + w.start
      const tagged = k > 0 && ms(at) > last && ms(at) < ms(end)
      if (tagged) last = ms(at)
      return `${tagged ? `<${timestamp(at)}>` : ''}${escapeText(w.text)}`
    })
    .join(' ')
  return `${timestamp(start)} --> ${timestamp(end)}\n${text}`
}

/**
 * The narration's captions as a WebVTT file: one cue per caption line, timed on the video
 * (each slide's words offset by the slide's start), with a timestamp before each word.
 */
export function narrationWebVtt(slides: readonly SlideWords[]): string {
  const cues: string[] = []
  for (const slide of slides) {
    const words = slide.words.filter((w) => escapeText(w.text) !== '')
    const spans = phrases(words).flatMap(([from, to]) => phraseSpans(words, from, to))
    spans.forEach(([from, to], k) => {
      const start = slide.start + words[from]!.start
      const next = spans[k + 1]
      let end = slide.start + Math.max(words[to - 1]!.end, words[from]!.start)
      // Cues of one slide never overlap: a player would show both at once.
      if (next) end = Math.min(end, slide.start + words[next[0]]!.start)
      if (ms(end) <= ms(start)) end = start + 0.001
      cues.push(cue(words.slice(from, to), slide.start, start, end))
    })
  }
  return ['WEBVTT', ...cues].join('\n\n') + '\n'
}
