import {
  chooseFraming,
  DEFAULT_MUSIC_VOLUME,
  DEFAULT_VOICE,
  hasSpeech,
  rescaleToRatio,
  type Composition,
  type ImageDescription,
  type Ratio,
  type Slide,
} from '@storyreel/core'
import {
  cameraFor,
  effectsFor,
  revealSeconds,
  transitionFor,
  type SlidePlan,
} from './compose/effects-for'
import { musicTrackFor } from './compose/music-for'
import { orderMedia } from './compose/ordering'
import { captionOf, titleOf } from './compose/suggestion'
import { baseSeconds, slideSeconds } from './compose/timing'
import { detectTone, TONE_STYLES } from './compose/tone'
import { moodsOf, narrationLines, storyPlan } from './narration-lines'

/**
 * The embedded composer: builds a composition from the analysis and the suggestion by rules.
 * Pure, so its rules are tested without a server.
 */

/** The movie's size for a format: 1920x1080's area at that ratio (SPEC section 9). */
export const composedMovie = (ratio: Ratio) => rescaleToRatio(1920, 1080, ratio)

/** When the title appears, seconds: once the opening fade has begun to show the picture. */
const TITLE_START = 0.5

/**
 * The suggestion sets the tone (pacing, font, wording) and gives the words: its first sentence
 * is the title and each sentence narrates a slide and shows as its caption. The pictures are
 * ordered (compose/ordering.ts), each framed to keep its subject whole, and given effects that
 * suit what the analysis found (compose/effects-for.ts), for as long as its text takes to read
 * and its narration to say. The music is the built-in track of the suggestion's mood.
 */
export function compose(
  descriptions: ImageDescription[],
  suggestion: string,
  ratio: Ratio = '16:9',
): Composition {
  const movie = composedMovie(ratio)
  const tone = detectTone(suggestion, moodsOf(descriptions))
  const style = TONE_STYLES[tone]
  const ordered = orderMedia(descriptions)
  const sentences = storyPlan(ordered, suggestion)
  const spoken = narrationLines(ordered, suggestion, tone)
  const count = ordered.length
  const slides: Slide[] = ordered.map((d, index) => {
    const narration = spoken[index]!
    const camera = cameraFor(d, movie)
    // A pan travels across the whole picture, so it never cuts the subject: it covers.
    const framing = camera === 'pan' ? 'cover' : chooseFraming(d, movie)
    const sentence = sentences[index]
    const text: SlidePlan['text'] = !sentence
      ? null
      : index === 0
        ? { text: titleOf(sentence), role: 'title', start: TITLE_START }
        : { text: captionOf(sentence), role: 'caption', start: captionStart(style.dissolve) }
    const duration = slideSeconds({
      base: baseSeconds(d, count, style, {
        pans: camera === 'pan',
        narrated: hasSpeech(narration),
      }),
      textStart: text?.start ?? 0,
      text: text?.text ?? null,
      revealSeconds: text ? revealSeconds(text) : 0,
      narration,
      last: index === count - 1,
    })
    return {
      id: d.filename.replace(/\.[^.]+$/, ''),
      filename: d.filename,
      duration,
      effects: effectsFor({
        description: d,
        index,
        count,
        duration,
        style,
        framing,
        camera,
        text,
        movie,
      }),
      narration,
      framing,
      // On every slide, the last too: a slide added after it in the editor dissolves in.
      transition: transitionFor(style),
      // The engine keeps the narration's captions off them, through the camera as it moves.
      ...(d.subjects?.length && { subjects: d.subjects }),
    }
  })
  return {
    movieParams: {
      ...movie,
      voice: DEFAULT_VOICE,
      music: { track: musicTrackFor(tone, suggestion), volume: DEFAULT_MUSIC_VOLUME },
    },
    renderedVideoUrl: null,
    composition: slides,
  }
}

/**
 * A caption shows once the dissolve into its slide has ended (half of it falls in the slide), so
 * it never shows over the slide before.
 */
const captionStart = (dissolve: number) => Math.round((0.2 + dissolve / 2) * 10) / 10
