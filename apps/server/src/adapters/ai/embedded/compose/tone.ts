import type { Color, FontValue } from '@storyreel/core'

/** The moods the embedded composer tells apart; calm when nothing says otherwise. */
export const TONES = ['calm', 'energetic', 'nostalgic', 'romantic', 'festive'] as const
export type Tone = (typeof TONES)[number]

/**
 * A few words (and emoji) per tone. An entry ending in '*' matches every word it starts
 * ('celebrat*': celebrate, celebrating, celebration). Short on purpose: a word that could as
 * well mean another mood is left out ('summer', 'sunset', 'holiday', 'together').
 */
const WORDS: Record<Tone, readonly string[]> = {
  calm: [
    'calm*',
    'quiet*',
    'peace*',
    'serene',
    'serenity',
    'tranquil*',
    'relax*',
    'gentle',
    'gently',
    'slow*',
    'soft',
    'softly',
    'stillness',
    'mindful*',
    'zen',
    'meditat*',
    'breeze',
    'mist',
    'misty',
    'lazy',
    'unwind*',
    'cozy',
    'cosy',
    '🧘',
    '🌿',
    '🍃',
    '☕',
  ],
  energetic: [
    'energ*',
    'fast',
    'faster',
    'speed*',
    'action',
    'adventur*',
    'sport*',
    'run',
    'running',
    'race',
    'racing',
    'ride',
    'riding',
    'epic',
    'wild',
    'extreme',
    'thrill*',
    'rush',
    'hike',
    'hiking',
    'climb*',
    'surf*',
    'skate*',
    'workout',
    'gym',
    'power*',
    'exciting',
    'excited',
    'upbeat',
    'hype*',
    'dynamic',
    'intense',
    '🔥',
    '⚡',
    '🏄',
    '🚴',
    '🏃',
    '💪',
    '🚀',
  ],
  nostalgic: [
    'nostalg*',
    'memor*',
    'remember*',
    'childhood',
    'grandma*',
    'grandpa*',
    'grandmother*',
    'grandfather*',
    'granny',
    'vintage',
    'retro',
    'throwback',
    'old',
    'olden',
    'ago',
    'reminisc*',
    'missing',
    'bygone',
    'reunion',
    'heritage',
    'youth',
    '📷',
    '🕰',
    '🎞',
  ],
  romantic: [
    'romanc*',
    'romantic*',
    'love',
    'loved',
    'lover',
    'lovers',
    'loves',
    'loving',
    'honeymoon',
    'wedding*',
    'anniversar*',
    'valentine*',
    'kiss*',
    'darling',
    'sweetheart',
    'heart',
    'hearts',
    'engage*',
    'proposal',
    'propose*',
    'couple',
    'fiance*',
    'fiancé*',
    'beloved',
    'forever',
    '❤',
    '💕',
    '💖',
    '😍',
    '💍',
    '🌹',
    '💑',
  ],
  festive: [
    'festiv*',
    'party',
    'parties',
    'birthday*',
    'celebrat*',
    'christmas',
    'xmas',
    'carnival',
    'fiesta',
    'fireworks',
    'cheers',
    'congrat*',
    'graduat*',
    'confetti',
    'halloween',
    'easter',
    'hooray',
    'yay',
    'fun',
    'new year*',
    'diwali',
    'hanukkah',
    'eid',
    '🎉',
    '🎂',
    '🥳',
    '🎈',
    '🎄',
    '🎆',
    '🎁',
  ],
}

/** Whether the word (lower case) is one of a tone's words or starts like one of its stems. */
export function isToneWord(word: string): boolean {
  return TONES.some((tone) =>
    WORDS[tone].some((entry) =>
      entry.endsWith('*') ? word.startsWith(entry.slice(0, -1)) : word === entry,
    ),
  )
}

/** How many words (or emoji) of the text belong to each tone. */
function scores(text: string): Record<Tone, number> {
  const lower = text.toLowerCase()
  const words = lower.match(/[\p{L}\p{N}']+/gu) ?? []
  const result = { calm: 0, energetic: 0, nostalgic: 0, romantic: 0, festive: 0 }
  for (const tone of TONES) {
    for (const entry of WORDS[tone]) {
      if (!/\p{L}/u.test(entry)) {
        result[tone] += lower.split(entry).length - 1
      } else if (entry.includes(' ')) {
        const phrase = entry.replace(/\*$/, '')
        result[tone] += lower.split(phrase).length - 1
      } else if (entry.endsWith('*')) {
        const stem = entry.slice(0, -1)
        result[tone] += words.filter((w) => w.startsWith(stem)).length
      } else {
        result[tone] += words.filter((w) => w === entry).length
      }
    }
  }
  return result
}

/** The tone with the most words; ties go to the earlier of TONES; none at all gives null. */
function strongest(text: string): Tone | null {
  const s = scores(text)
  let best: Tone | null = null
  for (const tone of TONES) if (s[tone] > 0 && (best === null || s[tone] > s[best])) best = tone
  return best
}

/**
 * The tone of the video: from the suggestion's own words first; when it has none, from the
 * moods a vision model gave the pictures (AI describe); otherwise calm, which suits any set of
 * pictures.
 */
export function detectTone(suggestion: string, moods: readonly string[] = []): Tone {
  return strongest(suggestion) ?? strongest(moods.join(' ')) ?? 'calm'
}

/** How a tone looks and moves. */
export interface ToneStyle {
  /** The font of titles and captions, from core's font table. */
  font: FontValue
  /** A picture's time on screen before narration or reading stretch it, seconds. */
  imageSeconds: number
  /** With more slides than MANY_SLIDES, pictures pass quicker. */
  imageSecondsMany: number
  /** How fast the camera closes in or pulls back, percent of zoom a second. */
  zoomPerSecond: number
  /** Fade out of black at the video's start and into it at its end, seconds. */
  fadeIn: number
  fadeOut: number
  /** How long one slide dissolves into the next, seconds. */
  dissolve: number
  /** How blurred the opening picture starts (blur 0..100), coming into focus over its slide. */
  openingBlur: number
  /** Title size, font size at 1080 for a short title; longer ones get smaller. */
  titleSize: number
  /** Light letters for dark backgrounds, dark ones for light backgrounds. */
  light: Color
  dark: Color
  /** Said in effect descriptions: "in Georgia, for a nostalgic feel". */
  feel: string
}

export const MANY_SLIDES = 8

export const TONE_STYLES: Record<Tone, ToneStyle> = {
  calm: {
    font: 'Trebuchet-MS',
    imageSeconds: 5,
    imageSecondsMany: 4,
    zoomPerSecond: 2.5,
    fadeIn: 0.8,
    fadeOut: 0.8,
    dissolve: 1,
    openingBlur: 24,
    titleSize: 96,
    light: { r: 255, g: 255, b: 255 },
    dark: { r: 28, g: 32, b: 38 },
    feel: 'a calm, unhurried feel',
  },
  energetic: {
    font: 'Impact',
    imageSeconds: 3,
    imageSecondsMany: 2.5,
    zoomPerSecond: 7,
    fadeIn: 0.2,
    fadeOut: 0.15,
    dissolve: 0.4,
    openingBlur: 14,
    titleSize: 116,
    light: { r: 255, g: 255, b: 255 },
    dark: { r: 20, g: 20, b: 20 },
    feel: 'punchy, energetic titles',
  },
  nostalgic: {
    font: 'Georgia',
    imageSeconds: 5,
    imageSecondsMany: 4,
    zoomPerSecond: 2.2,
    fadeIn: 1,
    fadeOut: 1,
    dissolve: 1.2,
    openingBlur: 28,
    titleSize: 92,
    light: { r: 250, g: 240, b: 218 },
    dark: { r: 58, g: 40, b: 26 },
    feel: 'a nostalgic, storybook feel',
  },
  romantic: {
    font: 'Palatino',
    imageSeconds: 5,
    imageSecondsMany: 4,
    zoomPerSecond: 2.5,
    fadeIn: 1.2,
    fadeOut: 1.2,
    dissolve: 1.4,
    openingBlur: 28,
    titleSize: 96,
    light: { r: 255, g: 242, b: 242 },
    dark: { r: 70, g: 22, b: 38 },
    feel: 'a soft, romantic feel',
  },
  festive: {
    font: 'Avant-Garde',
    imageSeconds: 3.5,
    imageSecondsMany: 3,
    zoomPerSecond: 5,
    fadeIn: 0.3,
    fadeOut: 0.3,
    dissolve: 0.6,
    openingBlur: 16,
    titleSize: 96,
    light: { r: 255, g: 250, b: 235 },
    dark: { r: 40, g: 24, b: 60 },
    feel: 'a bright, festive feel',
  },
}
