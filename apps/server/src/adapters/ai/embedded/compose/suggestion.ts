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
