import {
  ANIMATED_TEXT_DEFAULTS,
  DEFAULT_TRANSITION,
  FONTS,
  mainSubjectBox,
  SUBJECT_COVER_SHARE,
  subjectWords,
  VIGNETTE_DEFAULTS,
  type Effect,
  type Framing,
  type ImageDescription,
  type Transition,
} from '@storyreel/core'
import {
  oneLineFontSize,
  placeText,
  type Movie,
  type TextPlacement,
  type TextRole,
} from './text-placement'
import type { ToneStyle } from './tone'

export type Camera = 'zoom' | 'pan' | null

/**
 * A panorama is this much wider than the movie or more: a zoom would show a thin slice of it,
 * a pan travels across all of it.
 */
const PANORAMA = 1.4

/**
 * Pictures pan or zoom (one camera a slide); clips move on their own. A panorama pans across,
 * unless something was found in it: then the camera stays on that, and zooms.
 */
export function cameraFor(d: ImageDescription, movie: Movie): Camera {
  if (d.kind === 'video') return null
  if (mainSubjectBox(d.subjects)) return 'zoom'
  return d.width / d.height >= PANORAMA * (movie.width / movie.height) ? 'pan' : 'zoom'
}

/**
 * The most the camera may zoom, percent over cover, and still show the whole of the picture's
 * main subject (the window shrinks as it zooms, centred on the subject); Infinity without one.
 */
function subjectZoomLimit(d: ImageDescription, movie: Movie): number {
  const box = mainSubjectBox(d.subjects)
  if (!box) return Infinity
  const cover = Math.max(movie.width / d.width, movie.height / d.height)
  const windowX = (100 * movie.width) / cover / d.width
  const windowY = (100 * movie.height) / cover / d.height
  const fits = Math.min(windowX / Math.max(box.width, 1), windowY / Math.max(box.height, 1))
  return Math.floor((fits - 1) * 100)
}

/** Everything effectsFor needs to know about one slide. */
export interface SlidePlan {
  description: ImageDescription
  index: number
  count: number
  duration: number
  style: ToneStyle
  framing: Framing
  camera: Camera
  text: { text: string; role: TextRole; start: number } | null
  movie: Movie
}

/** Zoom travel bounds, percent: less is a still picture, more is a lurch. */
const ZOOM_MIN = 6
const ZOOM_MAX = 30
/**
 * Magnification past which a picture turns soft (media pixels spread over more frame pixels):
 * a small picture zooms only this far.
 */
const SOFT_MAGNIFICATION = 1.6
/** Pictures brighter than this, or busier, get a vignette. */
const BRIGHT = 0.65
const BUSY = 0.5

const fontLabel = (value: string) => FONTS.find((f) => f.value === value)?.label ?? value
const round1 = (v: number) => Math.round(v * 10) / 10

/** Where the focus point is, in words. */
function whereIs(focus: { x: number; y: number }): string {
  const v = focus.y < 40 ? 'upper ' : focus.y > 60 ? 'lower ' : ''
  const h = focus.x < 40 ? 'left' : focus.x > 60 ? 'right' : ''
  if (!v && !h) return 'at the centre'
  return `in the ${v}${h || 'middle'}`
}

/**
 * Out of black at the video's start and into it at its end; between slides the slides dissolve
 * (the slide's transition), so no fade darkens a boundary.
 */
function fade(plan: SlidePlan): Effect | null {
  const { style, index, count } = plan
  const first = index === 0
  const last = index === count - 1
  if (!first && !last) return null
  // Never longer than a third of the slide each, so the picture is seen at full strength.
  const third = plan.duration / 3
  const fadeIn = first ? round1(Math.min(third, Math.max(style.fadeIn, 0.6))) : 0
  const fadeOut = last ? round1(Math.min(third, Math.max(style.fadeOut, 1.2))) : 0
  return {
    name: 'fade',
    params: { fadeInDuration: fadeIn, fadeOutDuration: fadeOut },
    source: 'AI',
    description:
      first && last
        ? 'Opens the video out of black and closes it into black'
        : first
          ? 'Opens the video gently out of black'
          : 'Closes the video with a longer fade to black',
  }
}

/** How the slide turns into the next: a dissolve at the tone's pace (nothing follows the last). */
export function transitionFor(style: ToneStyle): Transition {
  return { type: DEFAULT_TRANSITION.type, duration: style.dissolve }
}

/**
 * Slides alternate between closing in on the detail the analysis found and pulling back from
 * it; the tone sets the speed. A small picture zooms less, so it stays sharp.
 */
function zoom(plan: SlidePlan): Effect {
  const { description: d, movie } = plan
  const zoomIn = plan.index % 2 === 0
  const cover = Math.max(movie.width / d.width, movie.height / d.height)
  const sharpLimit = Math.max(ZOOM_MIN, Math.floor((SOFT_MAGNIFICATION / cover - 1) * 100))
  const wanted = Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, plan.style.zoomPerSecond * plan.duration))
  // A subject that fills the frame is still given the least zoom: a still picture looks dead.
  const subjectLimit = Math.max(ZOOM_MIN, subjectZoomLimit(d, movie))
  const travel = Math.round(Math.min(wanted, sharpLimit, subjectLimit))
  const subject = subjectWords(d.subjects ?? [])
  const where = subject ? `on ${subject} ${whereIs(d.focus)}` : `on the detail ${whereIs(d.focus)}`
  const speed = plan.style.zoomPerSecond >= 5 ? 'Briskly' : 'Slowly'
  const small =
    travel >= wanted
      ? ''
      : sharpLimit <= subjectLimit
        ? '; kept short, since the picture is small for the frame'
        : '; kept short, so the subject stays whole'
  return {
    name: 'zoom',
    params: {
      zoomStart: zoomIn ? 100 : 100 + travel,
      zoomEnd: zoomIn ? 100 + travel : 100,
      focusX: d.focus.x,
      focusY: d.focus.y,
    },
    source: 'AI',
    description: zoomIn
      ? `${speed} closes in ${where}${small}`
      : `${speed} pulls back, centred ${where}${small}`,
  }
}

const pan: Effect = {
  name: 'pan',
  params: {},
  source: 'AI',
  description: 'Travels across the wide panorama from left to right, so all of it is seen',
}

function opening(plan: SlidePlan): Effect {
  return {
    name: 'blur',
    params: { startBlur: plan.style.openingBlur, endBlur: 0 },
    source: 'AI',
    description: 'The opening picture comes into focus behind the title',
  }
}

/**
 * Bright or busy pictures get a light vignette: shading the edges draws the eye to the subject
 * and quiets the clutter at the borders. Dark pictures get none: it would only blacken them;
 * nor do slides with dark letters, which need the light ground the vignette would darken.
 */
function vignette(d: ImageDescription, text: Placed | null): Effect | null {
  const bright = d.brightness > BRIGHT
  if ((!bright && d.sharpness <= BUSY) || text?.place.dark) return null
  return {
    name: 'vignette',
    // Wider and softer than the default, which starts shading near the centre: this one leaves
    // the middle of the frame (and any text) untouched and darkens toward the corners only.
    params: { ...VIGNETTE_DEFAULTS, amount: bright ? 40 : 35, size: 1.1, feather: 0.6 },
    source: 'AI',
    description: bright
      ? 'Shades the edges of this bright picture, drawing the eye to its centre'
      : 'Quiets the busy edges of this picture, drawing the eye to its subject',
  }
}

/**
 * The title's size: the tone's for a short title, smaller as it grows, never tiny; and a little
 * smaller still (down to ONE_LINE_SHRINK of it) when that keeps it on one line.
 */
function titleSize(text: string, style: ToneStyle, movie: Movie): number {
  const size = Math.max(
    64,
    Math.min(style.titleSize, style.titleSize * Math.sqrt(22 / text.length)),
  )
  const oneLine = oneLineFontSize(text, movie)
  return Math.floor(oneLine < size && oneLine >= size * ONE_LINE_SHRINK ? oneLine : size)
}
const ONE_LINE_SHRINK = 0.85
const CAPTION_SIZE = 60

/** A title types out in 1.5 s at most, and never slower than 8 characters a second. */
const typingSpeed = (text: string) => Math.max(8, Math.ceil(text.length / 1.5))

/** How long the text takes to appear whole, seconds: a title types out, a caption is there. */
export function revealSeconds(text: { text: string; role: TextRole }): number {
  return text.role === 'title' ? text.text.length / typingSpeed(text.text) : 0
}

/** A text and where it goes. */
interface Placed {
  words: string
  role: TextRole
  start: number
  fontSize: number
  place: TextPlacement
}

/**
 * Smaller sizes a text may take, fractions of its own, when at its size it would hide more of a
 * subject filling the frame than SUBJECT_COVER_SHARE wherever it went (a face, a cat up close).
 */
const SHRINKS = [0.85, 0.7]

function placed(plan: SlidePlan): Placed | null {
  if (!plan.text) return null
  const { text: words, role, start } = plan.text
  const size = role === 'title' ? titleSize(words, plan.style, plan.movie) : CAPTION_SIZE
  const at = (fontSize: number) => ({
    words,
    role,
    start,
    fontSize,
    place: placeText({
      text: words,
      fontSize,
      role,
      description: plan.description,
      framing: plan.framing,
      movie: plan.movie,
      style: plan.style,
    }),
  })
  let best = at(size)
  for (const shrink of SHRINKS) {
    if (best.place.subjectCover <= SUBJECT_COVER_SHARE) break
    const smaller = at(Math.round(size * shrink))
    if (smaller.place.subjectCover < best.place.subjectCover) best = smaller
  }
  return best
}

function text(plan: SlidePlan, placed: Placed): Effect {
  const { words, role, start, fontSize, place } = placed
  const title = role === 'title'
  const font = fontLabel(plan.style.font)
  return {
    name: 'animated_text',
    params: {
      ...ANIMATED_TEXT_DEFAULTS,
      text: words,
      fontSize,
      font: plan.style.font,
      color: place.color,
      fadeInDuration: 0.4,
      fadeOutDuration: 0.3,
      startPositionX: place.x,
      startPositionY: round1(place.y + place.rise),
      endPositionX: place.x,
      endPositionY: place.y,
      textStart: start,
      // Gone before the slide dissolves into the next.
      textEnd: Math.max(
        start + 0.5,
        round1(plan.duration - Math.max(0.3, plan.style.dissolve / 2)),
      ),
      // A title types itself out; captions appear whole, to be read at once.
      stream: title,
      charsPerSecond: typingSpeed(words),
      border: place.border,
    },
    source: 'AI',
    description: `${title ? 'Title' : 'Caption'} from your suggestion, in ${font} for ${plan.style.feel}, ${place.reason}`,
  }
}

/**
 * The slide's effects, each marked as the AI's with a note on why it was chosen: its camera
 * (zoom or pan), the opening's blur, a vignette for bright or busy pictures, the fades at the
 * video's two ends, and its text. The camera comes first: the engine uses a slide's first camera.
 */
export function effectsFor(plan: SlidePlan): Effect[] {
  const camera = plan.camera === 'pan' ? pan : plan.camera === 'zoom' ? zoom(plan) : null
  const words = placed(plan)
  return [
    camera,
    plan.index === 0 ? opening(plan) : null,
    vignette(plan.description, words),
    fade(plan),
    words ? text(plan, words) : null,
  ].filter((e): e is Effect => e !== null)
}
