import {
  ANIMATED_TEXT_DEFAULTS,
  DEFAULT_VOICE,
  durationWithNarration,
  estimateNarrationSeconds,
  type Composition,
  type Effect,
  type ImageDescription,
  type Slide,
  VIGNETTE_DEFAULTS,
} from '@storyreel/core'
import { narrationLines } from './narration-lines'

/**
 * The embedded composer: builds a composition from the analysis and the suggestion by rules.
 * Pure, so its rules are tested without a server.
 *
 * The movie size is 1920x1080; the app rescales it to the chosen ratio, keeping its area.
 */
export const COMPOSED_MOVIE = { width: 1920, height: 1080 }

const IMAGE_SECONDS = 4
const IMAGE_SECONDS_MANY = 3
const MANY_SLIDES = 8
const VIDEO_MIN_SECONDS = 2
const VIDEO_MAX_SECONDS = 10
const CAPTION_MAX_CHARS = 70

const round1 = (v: number) => Math.round(v * 10) / 10

export function slideDuration(d: ImageDescription, slideCount: number): number {
  if (d.kind === 'video' && d.duration) {
    return round1(Math.min(VIDEO_MAX_SECONDS, Math.max(VIDEO_MIN_SECONDS, d.duration)))
  }
  return slideCount > MANY_SLIDES ? IMAGE_SECONDS_MANY : IMAGE_SECONDS
}

/** Splits a suggestion into caption-sized phrases: sentences, cut at a word when too long. */
export function captions(suggestion: string): string[] {
  return suggestion
    .split(/(?<=[.!?])\s+|\n+/)
    .map((s) => s.trim())
    .filter(Boolean)
    .map((s) => {
      if (s.length <= CAPTION_MAX_CHARS) return s
      const cut = s.slice(0, CAPTION_MAX_CHARS)
      return `${cut.slice(0, Math.max(cut.lastIndexOf(' '), 20)).trim()}…`
    })
}

function fade(index: number, count: number): Effect {
  return {
    name: 'fade',
    params: {
      fadeInDuration: index === 0 ? 0.6 : 0.3,
      fadeOutDuration: index === count - 1 ? 0.8 : 0.2,
    },
    source: 'AI',
  }
}

/** Slides alternate between closing in and pulling back, aimed at the detail analysis found. */
function zoom(d: ImageDescription, index: number): Effect {
  const zoomIn = index % 2 === 0
  return {
    name: 'zoom',
    params: {
      zoomStart: zoomIn ? 100 : 118,
      zoomEnd: zoomIn ? 118 : 100,
      focusX: d.focus.x,
      focusY: d.focus.y,
    },
    source: 'AI',
    description: zoomIn ? 'Slowly closes in on the subject' : 'Slowly pulls back from the subject',
  }
}

function caption(text: string, index: number, duration: number): Effect {
  const title = index === 0
  const y = title ? 50 : 80
  return {
    name: 'animated_text',
    params: {
      ...ANIMATED_TEXT_DEFAULTS,
      text,
      fontSize: title ? (text.length > 30 ? 64 : 84) : 54,
      startPositionX: 50,
      startPositionY: y + 2,
      endPositionX: 50,
      endPositionY: y,
      textStart: title ? 0.4 : 0.3,
      textEnd: Math.max(0.5, round1(duration - 0.3)),
      stream: title,
      charsPerSecond: Math.max(8, Math.ceil(text.length / 1.5)),
      border: { color: { r: 0, g: 0, b: 0 }, width: 2 },
    },
    source: 'AI',
    description: title ? 'Title from your suggestion' : 'Caption from your suggestion',
  }
}

export function compose(descriptions: ImageDescription[], suggestion: string): Composition {
  const texts = captions(suggestion)
  const spoken = narrationLines(descriptions, suggestion)
  const count = descriptions.length
  const slides: Slide[] = descriptions.map((d, index) => {
    const narration = spoken[index]!
    // Sized to the narration's estimate, so the editor shows the length the video will have.
    const duration = durationWithNarration(
      slideDuration(d, count),
      estimateNarrationSeconds(narration),
    )
    const effects: Effect[] = [fade(index, count)]
    if (d.kind === 'image') effects.push(zoom(d, index))
    // Dark pictures get a soft vignette: it frames them instead of greying them out.
    if (d.brightness < 0.35) {
      effects.push({
        name: 'vignette',
        params: { ...VIGNETTE_DEFAULTS, amount: 30, endAmount: 30 },
        source: 'AI',
      })
    }
    const text = texts[index]
    if (text) effects.push(caption(text, index, duration))
    return {
      id: d.filename.replace(/\.[^.]+$/, ''),
      filename: d.filename,
      duration,
      effects,
      narration,
    }
  })
  return {
    movieParams: { ...COMPOSED_MOVIE, voice: DEFAULT_VOICE },
    renderedVideoUrl: null,
    composition: slides,
  }
}
