import { isToneWord } from './tone'

/**
 * The suggestion as the composer reads it: the person's own sentences, cleaned of what neither a
 * voice nor a font can say, and of requests addressed to the app rather than to the viewer.
 */

/**
 * Emoji, pictographs and flags (with their modifiers and variation selectors), and invisible,
 * private or unassigned characters: the video's fonts have no glyphs for them (they would show
 * as boxes), voices read them out by name, and direction overrides garble the line around
 * them. Emoji still count for the tone (tone.ts reads the raw suggestion).
 */
const UNSAYABLE =
  /(?:[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}\p{Cc}\p{Cf}\p{Co}\p{Cn}\p{Cs}]|\ufe0e|\ufe0f|\u20e3)/gu

/**
 * Emoji often end a sentence in place of its full stop ("Our anniversary ❤️ Just the two of
 * us"): a run of them after two words or more and before a capital letter is read as a break.
 * After a single word it is not ("I ❤️ Paris").
 */
const EMOJI_BREAK =
  /([\p{L}\p{N}][^\s\p{Extended_Pictographic}]*\s+[\p{L}\p{N}][^\s\p{Extended_Pictographic}]*)\s*(?:[\p{Extended_Pictographic}\p{Emoji_Modifier}\p{Regional_Indicator}]|\u200d|\ufe0f)+\s*(?=\p{Lu})/gu

/** Text without emoji or control characters, runs of spaces made one; line breaks stay. */
export function sayable(text: string): string {
  return text
    .split('\n')
    .map((line) => line.replace(UNSAYABLE, ' ').replace(/\s+/g, ' ').trim())
    .join('\n')
    .trim()
}

/**
 * "Make a video of our trip to Rome": the request's opening is for the app; what follows is
 * the story. Up to two words may describe the video ("a short nostalgic video"). 'for' stays
 * ("For Mia's birthday" reads as a title); the other joining words go.
 */
const REQUEST =
  /^(?:please\s+)?(?:make|create|generate|build|produce|give\s+me|i\s+want|i'd\s+like)\s+(?:me\s+|us\s+)?(?:a|an|the|my|our|some)?\s*(?:[\p{L}-]+\s+){0,2}?(?:video|movie|film|slideshow|slide\s+show|reel|clip|montage|story)\s+(?:(?:about|of|on|from|with|showing)\s+|(?=for\s))/iu

/** Words that only say how the video should feel: a sentence of nothing else is a request. */
const STYLE_WORDS = new Set(
  'make keep it this that the a an very really please with in and but so more feel feeling vibe vibes mood style tone look looking music song video'.split(
    ' ',
  ),
)
/** A request names what it asks for: "Make it upbeat", "Nostalgic vibe"; "A party!" does not. */
const STYLE_MARKERS = new Set(
  'make keep feel feeling vibe vibes mood style tone look looking music song'.split(' '),
)

/** Whether a sentence only asks for a style ("Make it upbeat!", "Nostalgic vibe."). */
function isStyleRequest(sentence: string): boolean {
  const words = sentence.toLowerCase().match(/[\p{L}']+/gu) ?? []
  return (
    words.some((w) => STYLE_MARKERS.has(w)) &&
    words.every((w) => STYLE_WORDS.has(w) || isToneWord(w))
  )
}

const capitalise = (s: string) => s.charAt(0).toLocaleUpperCase() + s.slice(1)

/**
 * The suggestion's sentences, in order, as the story tells them: split at sentence ends and
 * line breaks, each ending in punctuation, emoji and requests to the app left out. A sentence
 * with no letter or digit ("!!!") says nothing and is dropped.
 */
export function storySentences(suggestion: string): string[] {
  return sayable(suggestion.replace(EMOJI_BREAK, '$1\n'))
    .split(/(?<=[.!?…])\s+|\n+/)
    .map((s) => s.trim().replace(REQUEST, ''))
    .filter((s) => /[\p{L}\p{N}]/u.test(s) && !isStyleRequest(s))
    .map((s) => capitalise(/[.!?…]$/.test(s) ? s : `${s}.`))
}

/** Longest on-screen title, characters: two lines of large type on a phone's vertical video. */
export const TITLE_MAX_CHARS = 48
/** Longest on-screen caption, characters: two lines a viewer reads in about four seconds. */
export const CAPTION_MAX_CHARS = 70

/** Cut at the last word that fits, with an ellipsis; one long word is cut where it must be. */
function cutAtWord(s: string, max: number): string {
  if (s.length <= max) return s
  const cut = s.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space >= max / 3 ? cut.slice(0, space) : cut).replace(/[\s,;:–—-]+$/, '')}…`
}

/**
 * A sentence as a title: without its full stop (titles have none), and when too long its first
 * clause, or failing that its first words.
 */
export function titleOf(sentence: string): string {
  const bare = sentence.replace(/\.$/, '')
  if (bare.length <= TITLE_MAX_CHARS) return bare
  const clause = bare.split(/\s*[,;:–—]\s+/)[0]!
  return clause.length >= 8 && clause.length <= TITLE_MAX_CHARS
    ? clause
    : cutAtWord(bare, TITLE_MAX_CHARS)
}

/** A sentence as an on-screen caption: whole when it fits, else cut at a word. */
export function captionOf(sentence: string): string {
  return cutAtWord(sentence, CAPTION_MAX_CHARS)
}

/** A clause this many words long or more may stand alone on a slide. */
const CLAUSE_MIN_WORDS = 3

const wordCount = (s: string) => (s.match(/[\p{L}\p{N}']+/gu) ?? []).length

/**
 * A sentence cut at its commas, semicolons and dashes where both sides are clauses of their
 * own ("A calm autumn walk by the lake, ending at night under the stars"), not lists ("Trams,
 * tiles and sunsets!"); each part ends in the sentence's punctuation or a full stop.
 */
function clausesOf(sentence: string): string[] {
  const end = /[.!?…]$/.test(sentence) ? sentence.slice(-1) : '.'
  const parts = sentence.replace(/[.!?…]+$/, '').split(/\s*[,;–—]\s+|\s+-\s+/)
  const clauses: string[] = []
  for (const part of parts) {
    const last = clauses.length - 1
    if (
      last >= 0 &&
      (wordCount(part) < CLAUSE_MIN_WORDS || wordCount(clauses[last]!) < CLAUSE_MIN_WORDS)
    ) {
      clauses[last] = `${clauses[last]}, ${part}`
    } else clauses.push(part)
  }
  return clauses.map((c, i) => capitalise(`${c}${i === clauses.length - 1 ? end : '.'}`))
}

/**
 * What the person's words say on each of `count` slides, null where they say nothing: the
 * story's sentences, cut into clauses when there are fewer sentences than slides, spread from
 * the first slide to the last (an opening, a middle and an ending) rather than bunched at the
 * start. A piece after the first that names what a slide shows (`shows`: the words for each
 * slide's subjects) goes to that slide when the order allows ("then the bike" over the
 * motorcycle). More sentences than slides: one a slide, in order, as many as there are slides.
 */
export function storyPieces(
  suggestion: string,
  count: number,
  shows: readonly (readonly string[])[] = [],
): (string | null)[] {
  const sentences = storySentences(suggestion)
  const clauses = sentences.flatMap(clausesOf)
  const pieces = clauses.length <= count ? clauses : sentences
  if (pieces.length >= count) return pieces.slice(0, count)
  const placed: (string | null)[] = Array.from({ length: count }, () => null)
  let previous = -1
  pieces.forEach((piece, i) => {
    const spread = pieces.length === 1 ? 0 : Math.round((i * (count - 1)) / (pieces.length - 1))
    // Room is left for the pieces still to come, one slide each.
    const lo = previous + 1
    const hi = count - (pieces.length - i)
    const words = new Set(piece.toLowerCase().match(/[\p{L}]+/gu) ?? [])
    const naming = Array.from({ length: hi - lo + 1 }, (_, k) => lo + k).filter((j) =>
      (shows[j] ?? []).some((w) => words.has(w)),
    )
    const at =
      i === 0
        ? 0
        : naming.length > 0
          ? naming.reduce((a, b) => (Math.abs(b - spread) < Math.abs(a - spread) ? b : a))
          : Math.min(hi, Math.max(lo, spread))
    placed[at] = piece
    previous = at
  })
  return placed
}

/** Words that carry no content of their own: what is left of a sentence is what it is about. */
const FUNCTION_WORDS = new Set(
  `a an the our my your his her their its this that these those some one and or but so then
  than of in on at by to for from with without into onto over under after before during
  through along around about as is are was were be been being it we us you they i me he she
  them all just very really too also there here when where while who what which how not no
  up down out off again once ends ending end`.split(/\s+/),
)

/** The suggestion's content words, lower case: what a viewer should hear it is about. */
export function contentWords(text: string): string[] {
  const words =
    sayable(text)
      .toLowerCase()
      .match(/[\p{L}][\p{L}'’]*/gu) ?? []
  return [...new Set(words.filter((w) => w.length >= 3 && !FUNCTION_WORDS.has(w)))]
}

/** Words after which a topic's noun phrase has ended. */
const PHRASE_ENDS = new Set(
  `of in on at by to for from with without into onto over under after before during through
  along around about as is are was were and or but then when where while which who that
  ending starting`.split(/\s+/),
)
const DETERMINERS = new Set(
  'a an the our my your his her their this that these those some'.split(' '),
)
/** A topic this many words long at most. */
const TOPIC_MAX_WORDS = 4

/**
 * What the story is about, as "our …" or a name's own ("Mia's birthday"): the first noun phrase
 * of its first sentence ("A calm autumn walk by the lake" gives "our calm autumn walk"); null
 * for a suggestion without one.
 */
export function storyTopic(suggestion: string): string | null {
  const first = storySentences(suggestion)[0]
  if (!first) return null
  const words = first
    .replace(/[.!?…,;:]+/g, ' ')
    .split(/\s+/)
    .filter(Boolean)
  while (words.length > 0 && DETERMINERS.has(words[0]!.toLowerCase())) words.shift()
  const phrase: string[] = []
  for (const w of words) {
    if (PHRASE_ENDS.has(w.toLowerCase()) || phrase.length === TOPIC_MAX_WORDS) break
    phrase.push(w)
  }
  if (phrase.length === 0 || !/\p{L}/u.test(phrase.join(''))) return null
  // The sentence's capital goes, but a name keeps its own: a lone word may be one ("Lisbon").
  const head = phrase[0]!
  const owned = /['’]s$/.test(head)
  if (!owned && phrase.length > 1) phrase[0] = head.charAt(0).toLocaleLowerCase() + head.slice(1)
  return owned ? phrase.join(' ') : `our ${phrase.join(' ')}`
}
