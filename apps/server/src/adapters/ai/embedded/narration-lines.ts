import { MAX_NARRATION_CHARS, subjectNames, type ImageDescription } from '@storyreel/core'
import { sayableColours } from './analyze-pixels'
import { sayable, storyPieces, storyTopic } from './compose/suggestion'
import { fitNarration, narrationCapSeconds } from './compose/timing'
import { detectTone, type Tone } from './compose/tone'

/** "yellow and blue", or "yellow" alone. */
const both = (a: string, b: string | null) => (b ? `${a} and ${b}` : a)

/** A line about a picture's colours: `a` and `b` are colours it has (sayableColours). */
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

/** For a picture of many colours, none of which covers enough of it to be said. */
const NO_COLOUR: Record<Tone, string[]> = {
  calm: ['A quiet moment, just as it was.', 'Everything slows down here.'],
  energetic: ['Full speed ahead!', 'Every second counts!'],
  nostalgic: ['Some days stay with us.', 'Back then, everything felt new.'],
  romantic: ['Just the two of us.', 'A tender moment.'],
  festive: ['Everyone together!', 'The celebration goes on!'],
}

/** What the picture shows (the detector's or a vision model's words), said in the tone. */
const SUBJECT_LINES: Record<Tone, (subject: string, a: string | null) => string> = {
  calm: (s, a) => (a ? `${capital(s)}, in soft ${a} tones.` : `${capital(s)}, in a quiet moment.`),
  energetic: (s) => `${capital(s)}, full of energy!`,
  nostalgic: (s) => `${capital(s)}, just as we remember it.`,
  romantic: (s, a) =>
    a ? `${capital(s)}, in ${a} light, just for us.` : `${capital(s)}, just for us.`,
  festive: (s) => `${capital(s)}, and the party goes on!`,
}

/**
 * What the picture shows, on the story's topic ("our calm autumn walk"), in wordings that take
 * turns: the same one on every slide sounded like a form being filled in.
 */
const SUBJECT_TOPIC_LINES: Record<Tone, ((subject: string, topic: string) => string)[]> = {
  calm: [
    (s, t) => `${capital(s)}, on ${t}.`,
    (s, t) => `Along ${t}, ${s}.`,
    (s, t) => `Then ${s}, as ${t} goes on.`,
  ],
  energetic: [
    (s, t) => `${capital(s)}, and ${t} goes on!`,
    (s, t) => `Then ${s}, full speed on ${t}!`,
  ],
  nostalgic: [
    (s, t) => `${capital(s)}, from ${t}.`,
    (s, t) => `We still remember ${s}, from ${t}.`,
  ],
  romantic: [
    (s, t) => `${capital(s)}, on ${t}, just for us.`,
    (s, t) => `Just us and ${s}, on ${t}.`,
  ],
  festive: [(s, t) => `${capital(s)}, and ${t} goes on!`, (s, t) => `Then ${s}: ${t} is on!`],
}

/** A picture where nothing was named, on the story's topic, with a colour it has when one is. */
const TOPIC_LINES: Record<Tone, ((topic: string, a: string | null) => string)[]> = {
  calm: [
    (t, a) => (a ? `${capital(t)}, in soft ${a} light.` : `${capital(t)}, in a quiet moment.`),
    (t, a) => (a ? `More of ${t}, all ${a}.` : `${capital(t)} goes on, unhurried.`),
  ],
  energetic: [(t) => `${capital(t)}, full speed ahead!`, (t) => `No slowing down on ${t}!`],
  nostalgic: [
    (t) => `We still remember ${t}.`,
    (t, a) => (a ? `${capital(t)}, in faded ${a}.` : `${capital(t)}, just as it was.`),
  ],
  romantic: [
    (t) => `${capital(t)}, just the two of us.`,
    (t, a) => (a ? `${capital(t)}, wrapped in ${a}.` : `${capital(t)}, together.`),
  ],
  festive: [(t) => `${capital(t)} goes on!`, (t) => `Cheers to ${t}!`],
}

const MOVING: Record<Tone, string[]> = {
  calm: ['And then it all starts to move.', 'The moment comes alive.'],
  energetic: ['And we are off!', 'Here comes the action!'],
  nostalgic: ['For a moment, we are back there.', 'The moment moves again, just as it was.'],
  romantic: ['The moment comes alive, just for us.', 'Every second of it, together.'],
  festive: ['Let the party begin!', 'And the fun goes on!'],
}

const MOVING_TOPIC: Record<Tone, (topic: string) => string> = {
  calm: (t) => `And then ${t} comes alive.`,
  energetic: (t) => `Here comes ${t}, in action!`,
  nostalgic: (t) => `For a moment, ${t} moves again.`,
  romantic: (t) => `${capital(t)}, every second of it.`,
  festive: (t) => `And ${t} goes on!`,
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

const CLOSING_TOPIC: Record<Tone, (topic: string) => string> = {
  calm: (t) => `And that is where ${t} ends.`,
  energetic: (t) => `What a ride, ${t}! Until next time.`,
  nostalgic: (t) => `${capital(t)}: a memory that never fades.`,
  romantic: (t) => `${capital(t)}, and the story of us goes on.`,
  festive: (t) => `Here is to ${t}, and many more!`,
}

/** What the picture shows in words fit to be said, or '' when nothing was named. */
const subjectOf = (d: ImageDescription) => sayable(d.subject ?? '').replace(/[.!?…]+$/, '')

/** The opening line, naming what the first picture shows when something was found. */
function opening(d: ImageDescription, tone: Tone, count: number): string {
  const line = OPENING[tone](count)
  const subject = subjectOf(d)
  return subject ? line.replace(/([.!?…])$/, `, starting with ${subject}$1`) : line
}

const pictures = (n: number) => (n === 1 ? 'one picture' : `${n} pictures`)
const capital = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1)

/**
 * What the analysis saw, said in the tone's voice, on the story's topic when the suggestion has
 * one; `index` (of the slides said so) and `named` (of those naming a subject on the topic) vary
 * the wording between slides. A colour is said only when the picture has enough of it
 * (sayableColours).
 */
function describedLine(
  d: ImageDescription,
  turn: { index: number; named: number },
  tone: Tone,
  topic: string | null,
): string {
  const { index } = turn
  if (d.kind === 'video') return topic ? MOVING_TOPIC[tone](topic) : MOVING[tone][index % 2]!
  const [a = null, b = null] = sayableColours(d)
  const subject = subjectOf(d)
  if (subject && topic) {
    const lines = SUBJECT_TOPIC_LINES[tone]
    return lines[turn.named % lines.length]!(subject, topic)
  }
  if (subject) return SUBJECT_LINES[tone](subject, a)
  if (topic) {
    const lines = TOPIC_LINES[tone]
    return lines[index % lines.length]!(topic, a)
  }
  if (!a) return NO_COLOUR[tone][index % 2]!
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
 * are shown. The person's own words are spread over the video (storyPieces: an opening, a
 * middle and an ending; requests to the app such as "make it upbeat" are not read out). The
 * slides between them say what each picture shows (the detector's subjects) on the story's
 * topic, in the suggestion's tone, the last one closing the story; without a suggestion the
 * first slide opens it. Every line fits the slide's share of the movie (narrationCapSeconds).
 */
export function narrationLines(
  descriptions: ImageDescription[],
  suggestion: string,
  tone: Tone = detectTone(suggestion, moodsOf(descriptions)),
): string[] {
  const count = descriptions.length
  const own = storyPlan(descriptions, suggestion)
  const topic = storyTopic(suggestion)
  const cap = narrationCapSeconds(count)
  // Count the slides said by describedLine, and those naming a subject on the topic, so that
  // neighbours among them vary their wording.
  let described = 0
  let named = 0
  return descriptions.map((d, index) => {
    const line =
      own[index] ??
      (index === 0
        ? opening(d, tone, count)
        : index === count - 1 && count > 2
          ? topic
            ? CLOSING_TOPIC[tone](topic)
            : CLOSING[tone][count % 2]!
          : describedLine(
              d,
              {
                index: ++described,
                named: d.kind === 'image' && subjectOf(d) && topic ? named++ : 0,
              },
              tone,
              topic,
            ))
    return fitNarration(line, cap).slice(0, MAX_NARRATION_CHARS)
  })
}

/**
 * The person's words on each slide (storyPieces), placed knowing what each picture shows: the
 * narration says them and the captions show them, on the same slides.
 */
export function storyPlan(descriptions: ImageDescription[], suggestion: string) {
  return storyPieces(
    suggestion,
    descriptions.length,
    descriptions.map((d) => subjectNames(d.subjects)),
  )
}

/** The moods a vision model saw in the pictures (AI describe); none from the local analysis. */
export function moodsOf(descriptions: readonly ImageDescription[]): string[] {
  return descriptions.flatMap((d) => (d.mood ? [d.mood] : []))
}
