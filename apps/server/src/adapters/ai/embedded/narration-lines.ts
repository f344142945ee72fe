import { MAX_NARRATION_CHARS, type ImageDescription } from '@storyreel/core'
import { colourName } from './analyze-pixels'
import { sayable, storySentences } from './compose/suggestion'
import { fitNarration, narrationCapSeconds } from './compose/timing'
import { detectTone, type Tone } from './compose/tone'

const ACHROMATIC = new Set(['black', 'grey', 'white'])

/**
 * Two everyday colour names of the picture, the most common first, real colours before black,
 * grey and white (fireworks are more than "black"); the second may be absent.
 */
function colours(d: ImageDescription): [string, string | null] {
  const all = [...new Set(d.dominantColors.map(colourName))]
  const names = [...all.filter((n) => !ACHROMATIC.has(n)), ...all.filter((n) => ACHROMATIC.has(n))]
  const first = names[0] ?? 'soft'
  return [first, names.find((n) => n !== first) ?? null]
}

/** "yellow and blue", or "yellow" alone. */
const both = (a: string, b: string | null) => (b ? `${a} and ${b}` : a)

type Line = (a: string, b: string | null) => string

/** Calm wording follows the light: bright, dark or in between. */
const CALM = {
  bright: [
    (a, b) => `Light pours in, all ${both(a, b)}.`,
    (a) => `Everything glows in shades of ${a}.`,
    (a, b) => `A bright moment, washed in ${both(a, b)}.`,
  ],
  dark: [
    (a) => `The light softens into deep ${a}.`,
    (a, b) => `Shadows gather in ${both(a, b)}.`,
    (a) => `A quieter moment, in dark ${a} tones.`,
  ],
  middle: [
    (a) => `Soft ${a} tones set the mood.`,
    (a, b) => `A calm scene in shades of ${both(a, b)}.`,
    (a, b) => (b ? `Here, ${a} meets ${b}.` : `Here, everything turns ${a}.`),
  ],
} satisfies Record<string, Line[]>

/** The other tones speak in their own voice whatever the light. */
const TONE_LINES: Record<Exclude<Tone, 'calm'>, Line[]> = {
  energetic: [
    (a, b) => `${capital(both(a, b))}, and no slowing down!`,
    (a) => `Full speed ahead, in a blur of ${a}!`,
    (a, b) => `Every second counts, all ${both(a, b)}!`,
  ],
  nostalgic: [
    (a, b) => `Some days stay with us, in faded ${both(a, b)}.`,
    (a) => `We still remember the ${a} light of that day.`,
    (a, b) => `Back then, the world was painted in ${both(a, b)}.`,
  ],
  romantic: [
    (a, b) => `Just the two of us, in ${both(a, b)}.`,
    (a) => `A tender moment, wrapped in ${a}.`,
    (a) => `Love, in every shade of ${a}.`,
  ],
  festive: [
    (a, b) => `Everyone together, in ${both(a, b)}!`,
    (a) => `The celebration glows in ${a}!`,
    (a, b) => `Cheers to moments in ${both(a, b)}!`,
  ],
}

/** A vision model named what the picture shows (AI describe): the line says it. */
const SUBJECT_LINES: Record<Tone, (subject: string, a: string) => string> = {
  calm: (s, a) => `${capital(s)}, in soft ${a} tones.`,
  energetic: (s) => `${capital(s)}, full of energy!`,
  nostalgic: (s) => `${capital(s)}, just as we remember it.`,
  romantic: (s, a) => `${capital(s)}, in ${a} light, just for us.`,
  festive: (s) => `${capital(s)}, and the party goes on!`,
}

const MOVING: Record<Tone, string[]> = {
  calm: ['And then it all starts to move.', 'The moment comes alive.'],
  energetic: ['And we are off!', 'Here comes the action!'],
  nostalgic: ['For a moment, we are back there.', 'The moment moves again, just as it was.'],
  romantic: ['The moment comes alive, just for us.', 'Every second of it, together.'],
  festive: ['Let the party begin!', 'And the fun goes on!'],
}

const OPENING: Record<Tone, (count: number) => string> = {
  calm: (n) => `Here is a story in ${pictures(n)}.`,
  energetic: () => 'Ready? Here we go!',
  nostalgic: (n) => `Let us look back, in ${pictures(n)}.`,
  romantic: (n) => `A little love story, in ${pictures(n)}.`,
  festive: () => 'Let the celebration begin!',
}

const CLOSING: Record<Tone, string[]> = {
  calm: ['And that is where this story ends.', 'A moment worth remembering.'],
  energetic: ['What a ride! Until next time.', 'And that is a wrap!'],
  nostalgic: ['Some memories never fade.', 'And we remember it still.'],
  romantic: ['And the story of us goes on.', 'Together, always.'],
  festive: ['Here is to many more!', 'What a celebration!'],
}

const pictures = (n: number) => (n === 1 ? 'one picture' : `${n} pictures`)
const capital = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1)

/** What the analysis saw, said in the tone's voice; `index` varies the wording between slides. */
function describedLine(d: ImageDescription, index: number, tone: Tone): string {
  if (d.kind === 'video') return MOVING[tone][index % 2]!
  const [a, b] = colours(d)
  const subject = sayable(d.subject ?? '').replace(/[.!?…]+$/, '')
  if (subject) return SUBJECT_LINES[tone](subject, a)
  const lines =
    tone !== 'calm'
      ? TONE_LINES[tone]
      : d.brightness > 0.62
        ? CALM.bright
        : d.brightness < 0.35
          ? CALM.dark
          : CALM.middle
  return lines[index % lines.length]!(a, b)
}

/**
 * The embedded composer's narration, one spoken sentence per slide, in the order the slides
 * are shown. The person's own words come first, in order: each sentence of the suggestion
 * narrates one slide (requests to the app such as "make it upbeat" are not read out). Slides
 * beyond them get a sentence about what the analysis saw in that picture, worded in the
 * suggestion's tone, the last one closing the story; without a suggestion the first slide
 * opens it. Every line fits the slide's share of the movie (narrationCapSeconds).
 */
export function narrationLines(
  descriptions: ImageDescription[],
  suggestion: string,
  tone: Tone = detectTone(suggestion, moodsOf(descriptions)),
): string[] {
  const own = storySentences(suggestion)
  const count = descriptions.length
  const cap = narrationCapSeconds(count)
  return descriptions.map((d, index) => {
    const line =
      own[index] ??
      (index === 0
        ? OPENING[tone](count)
        : index === count - 1 && count > 2
          ? CLOSING[tone][count % 2]!
          : describedLine(d, index, tone))
    return fitNarration(line, cap).slice(0, MAX_NARRATION_CHARS)
  })
}

/** The moods a vision model saw in the pictures (AI describe); none from the local analysis. */
export function moodsOf(descriptions: readonly ImageDescription[]): string[] {
  return descriptions.flatMap((d) => (d.mood ? [d.mood] : []))
}
