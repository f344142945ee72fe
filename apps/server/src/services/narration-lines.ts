import { MAX_NARRATION_CHARS, type ImageDescription } from '@storyreel/core'
import { colourName } from './analyze-pixels'

/** The suggestion's sentences, each one slide's narration. */
function sentences(suggestion: string): string[] {
  return suggestion
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => (/[.!?…]$/.test(s) ? s : `${s}.`))
}

/** Two everyday colour names of the picture, the most common first, without repeats. */
function colours(d: ImageDescription): [string, string] {
  const names = [...new Set(d.dominantColors.map(colourName))]
  const first = names[0] ?? 'soft'
  return [first, names.find((n) => n !== first) ?? first]
}

const BRIGHT = [
  (a: string, b: string) => `Light pours in, all ${a} and ${b}.`,
  (a: string) => `Everything glows in shades of ${a}.`,
  (a: string, b: string) => `A bright moment, washed in ${a} and ${b}.`,
]
const DARK = [
  (a: string) => `The light softens into deep ${a}.`,
  (a: string, b: string) => `Shadows gather in ${a} and ${b}.`,
  (a: string) => `A quieter moment, in dark ${a} tones.`,
]
const MIDDLE = [
  (a: string) => `Soft ${a} tones set the mood.`,
  (a: string, b: string) => `A calm scene in shades of ${a} and ${b}.`,
  (a: string, b: string) => `Here, ${a} meets ${b}.`,
]
const MOVING = ['And then it all starts to move.', 'The moment comes alive.']
const CLOSING = ['And that is where this story ends.', 'A moment worth remembering.']

/** What the analysis saw, said in a sentence; `index` varies the wording between slides. */
function describedLine(d: ImageDescription, index: number): string {
  if (d.kind === 'video') return MOVING[index % MOVING.length]!
  const [a, b] = colours(d)
  const lines = d.brightness > 0.62 ? BRIGHT : d.brightness < 0.35 ? DARK : MIDDLE
  return lines[index % lines.length]!(a, b)
}

/**
 * The embedded composer's narration, one spoken sentence per slide. The person's own words come
 * first, in order: each sentence of the suggestion narrates one slide. Slides beyond them get a
 * sentence about what the analysis saw in that picture, the last one closing the story; without
 * a suggestion the first slide opens it.
 */
export function narrationLines(descriptions: ImageDescription[], suggestion: string): string[] {
  const own = sentences(suggestion)
  const count = descriptions.length
  return descriptions.map((d, index) => {
    const line =
      own[index] ??
      (index === 0
        ? `Here is a story in ${count === 1 ? 'one picture' : `${count} pictures`}.`
        : index === count - 1 && count > 2
          ? CLOSING[count % CLOSING.length]!
          : describedLine(d, index))
    return line.slice(0, MAX_NARRATION_CHARS)
  })
}
