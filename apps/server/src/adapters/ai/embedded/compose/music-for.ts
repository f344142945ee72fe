import type { MusicTrackId } from '@storyreel/core'
import { isToneWord, type Tone } from './tone'

/** The built-in track whose mood suits each tone (core's MUSIC_TRACKS). */
const TRACK_OF_TONE: Record<Tone, MusicTrackId> = {
  calm: 'still-water',
  energetic: 'high-ground',
  nostalgic: 'warm-hearts',
  romantic: 'warm-hearts',
  festive: 'bright-day',
}

/**
 * Words of little ones and pets, which no tone has: a video of them plays the playful track.
 * An entry ending in '*' matches every word it starts.
 */
const PLAYFUL = [
  'kid',
  'kids',
  'child',
  'children',
  'baby',
  'babies',
  'toddler*',
  'puppy',
  'puppies',
  'kitten*',
  'playful',
  'playground',
  'play',
  'playing',
  'silly',
  'giggl*',
  'zoo',
  'preschool*',
  'kindergarten',
]
const PLAYFUL_EMOJI = ['🐶', '🐱', '🧸', '👶', '🐣']

/** The words of a text, lower case, a possessive's ending dropped ("puppy's": puppy). */
const wordsOf = (text: string) =>
  (text.toLowerCase().match(/[\p{L}\p{N}']+/gu) ?? []).map((w) => w.replace(/'s?$/, ''))

function isPlayful(suggestion: string): boolean {
  const matches = (w: string) =>
    PLAYFUL.some((e) => (e.endsWith('*') ? w.startsWith(e.slice(0, -1)) : w === e))
  return wordsOf(suggestion).some(matches) || PLAYFUL_EMOJI.some((e) => suggestion.includes(e))
}

/**
 * The built-in track for a video of this tone and suggestion: the tone's track, or the playful
 * one for children and pets unless the suggestion names a mood other than a festive one (a
 * quiet afternoon with the baby stays calm; a kids' party is playful).
 */
export function musicTrackFor(tone: Tone, suggestion: string): MusicTrackId {
  const moodNamed = wordsOf(suggestion).some(isToneWord)
  if (isPlayful(suggestion) && (!moodNamed || tone === 'festive')) return 'little-steps'
  return TRACK_OF_TONE[tone]
}
