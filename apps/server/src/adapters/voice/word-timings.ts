import { estimateWordTimings, type WordTiming } from '@storyreel/core'

/** A stretch of the text said between two times: from and to index the text's characters. */
export interface SpokenSpan {
  from: number
  to: number
  start: number
  end: number
}

/**
 * Gives each word of the text (core's narrationWords: split on white space) the times of the
 * spans it overlaps. Engines say some words in several pieces ("42" is "forty two") and some not
 * at all (a dash); an aligner may leave out words it is unsure of. Words without a span share
 * the gap between their timed neighbours as core's estimate would. Times stay in order and
 * inside the audio. Null when no span fell on any word.
 */
export function timeWords(text: string, spans: SpokenSpan[], seconds: number): WordTiming[] | null {
  const words = [...text.matchAll(/\S+/g)].map((m) => ({
    text: m[0],
    from: m.index,
    to: m.index + m[0].length,
  }))
  const clamp = (t: number) => Math.min(Math.max(t, 0), seconds)
  const timed = words.map((w) => {
    const on = spans.filter((s) => s.from < w.to && s.to > w.from)
    if (on.length === 0) return null
    return {
      start: clamp(Math.min(...on.map((s) => s.start))),
      end: clamp(Math.max(...on.map((s) => s.end))),
    }
  })
  if (!timed.some(Boolean)) return null

  const out: WordTiming[] = []
  let previousEnd = 0
  for (let i = 0; i < words.length;) {
    const own = timed[i]
    if (own) {
      const start = Math.max(own.start, previousEnd)
      previousEnd = Math.max(own.end, start)
      out.push({ text: words[i]!.text, start, end: previousEnd })
      i++
      continue
    }
    let next = i
    while (next < words.length && !timed[next]) next++
    const gapEnd = next < words.length ? Math.max(timed[next]!.start, previousEnd) : seconds
    const untimed = words.slice(i, next).map((w) => w.text)
    const estimate = estimateWordTimings(untimed.join(' '), gapEnd - previousEnd)
    untimed.forEach((word, k) => {
      const e = estimate[k] ?? { start: 0, end: 0 }
      out.push({ text: word, start: previousEnd + e.start, end: previousEnd + e.end })
    })
    previousEnd = gapEnd
    i = next
  }
  return out
}

/** A UTF-8 byte offset of the text as the index of its character. */
export function charIndex(text: string, byteOffset: number): number {
  return Buffer.from(text).subarray(0, byteOffset).toString('utf8').length
}
