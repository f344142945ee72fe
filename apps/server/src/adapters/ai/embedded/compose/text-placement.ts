import {
  boxesToKeepClear,
  coveredShare,
  scaledFontSize,
  SUBJECT_COVER_SHARE,
  TEXT_MARGIN,
  type CalmRegion,
  type Color,
  type Framing,
  type ImageDescription,
  type Rect,
  subjectWords,
} from '@storyreel/core'
import type { ToneStyle } from './tone'

export interface Movie {
  width: number
  height: number
}

/** The engine's line height, a multiple of the font size (packages/render animated-text.ts). */
const LINE_HEIGHT = 1.2

/**
 * The widest each printable ASCII character (space to '~') is, in ems, over every font of the
 * font table, measured with @napi-rs/canvas on the render's font files (Courier's 0.6 is the
 * floor: it is monospaced). Bounds rather than averages, so a text laid out with them never
 * takes more room in the video than reserved here.
 */
const ASCII_EMS = [
  0.6, 0.6, 0.6, 0.84, 0.64, 1.06, 0.8, 0.6, 0.6, 0.6, 0.6, 0.84, 0.6, 0.6, 0.6, 0.6, 0.64, 0.64,
  0.64, 0.64, 0.64, 0.64, 0.64, 0.64, 0.64, 0.64, 0.6, 0.6, 0.84, 0.84, 0.84, 0.6, 1.02, 0.78, 0.74,
  0.82, 0.8, 0.72, 0.64, 0.88, 0.84, 0.6, 0.6, 0.73, 0.62, 0.95, 0.84, 0.87, 0.67, 0.88, 0.73, 0.67,
  0.67, 0.78, 0.73, 1, 0.73, 0.73, 0.69, 0.6, 0.6, 0.6, 0.84, 0.65, 0.6, 0.69, 0.69, 0.65, 0.69,
  0.65, 0.6, 0.68, 0.66, 0.6, 0.6, 0.62, 0.6, 0.98, 0.66, 0.66, 0.69, 0.69, 0.6, 0.6, 0.6, 0.68,
  0.6, 0.84, 0.6, 0.6, 0.6, 0.64, 0.6, 0.64, 0.84,
]
/** Typographic quotes; dashes, ellipsis, bullet and euro; Latin-1 and Latin Extended-A letters. */
const QUOTES = new Set('‘’‚‛“”„‟')
const DASHES = new Set('–—…•€')
const LATIN_EM = 1.26
/** Anything else (other scripts, symbols, a missing glyph's box) measures 1.76 at most. */
const OTHER_EM = 2
/** Kerning and shaping make a string up to 5 % wider than its characters' sum; room for it. */
const KERNING = 1.08

function charEm(ch: string): number {
  const code = ch.codePointAt(0)!
  if (code >= 0x20 && code <= 0x7e) return ASCII_EMS[code - 0x20]! * KERNING
  if (QUOTES.has(ch)) return 0.6 * KERNING
  if (DASHES.has(ch)) return KERNING
  return (code >= 0xa0 && code <= 0x17f ? LATIN_EM : OTHER_EM) * KERNING
}
const widthEm = (s: string) => [...s].reduce((sum, ch) => sum + charEm(ch), 0)

/**
 * How many lines the engine's layoutText can wrap the text to at most: the same greedy
 * breaking (at spaces, at '\n', a word wider than the line cut between characters), with
 * every character at its widest. Wider characters never let a line hold more, so the real
 * layout has as many lines or fewer.
 */
export function wrappedLinesBound(text: string, fontPx: number, maxWidth: number): number {
  const maxEm = maxWidth / fontPx
  let lines = 0
  for (const paragraph of text.split('\n')) {
    const words = [...paragraph.matchAll(/\S+/g)]
    if (words.length === 0) lines++
    // Width of the line so far, ems; -1 before its first word.
    let used = -1
    let end = 0
    for (const word of words) {
      const w = widthEm(word[0])
      const grown = used + widthEm(paragraph.slice(end, word.index)) + w
      end = word.index + word[0].length
      if (used >= 0 && grown <= maxEm) {
        used = grown
        continue
      }
      lines++
      if (w <= maxEm) {
        used = w
        continue
      }
      // Cut between characters, as the engine does.
      used = 0
      for (const ch of word[0]) {
        if (used > 0 && used + charEm(ch) > maxEm) {
          lines++
          used = 0
        }
        used += charEm(ch)
      }
    }
  }
  return lines
}

/**
 * The most room the text can take on the frame, percent of its width and height: wrapped at
 * the frame's width inside the margins, as the engine does when the effect gives no width.
 */
export function textBlockBound(
  text: string,
  fontSize: number,
  movie: Movie,
): { width: number; height: number } {
  const fontPx = scaledFontSize(fontSize, movie.width, movie.height)
  const maxWidth = movie.width * (1 - (2 * TEXT_MARGIN.x) / 100)
  const lines = wrappedLinesBound(text, fontPx, maxWidth)
  const longest = Math.max(...text.split('\n').map(widthEm)) * fontPx
  return {
    width: (100 * Math.min(maxWidth, longest)) / movie.width,
    height: (100 * lines * fontPx * LINE_HEIGHT) / movie.height,
  }
}

/**
 * The largest font size at which the text, at its widest, stays on one line across the frame
 * inside the margins.
 */
export function oneLineFontSize(text: string, movie: Movie): number {
  const maxWidth = movie.width * (1 - (2 * TEXT_MARGIN.x) / 100)
  return maxWidth / (widthEm(text) * scaledFontSize(1, movie.width, movie.height))
}

/**
 * Where a rectangle of the picture (percent of it) lands on the frame at zoom 1, clipped to the
 * frame, or null when too little of it shows (under MIN_VISIBLE percent of the frame either way). Cover
 * crops the picture around its focus as the engine's camera does; fit shows all of it, centred.
 */
export function regionOnFrame(
  region: Rect,
  d: Pick<ImageDescription, 'width' | 'height' | 'focus'>,
  framing: Framing,
  movie: Movie,
  minVisible = MIN_VISIBLE,
): Rect | null {
  const scale =
    framing === 'fit'
      ? Math.min(movie.width / d.width, movie.height / d.height)
      : Math.max(movie.width / d.width, movie.height / d.height)
  // The frame's window onto the picture, fractions of the picture; over 1 when the picture is
  // smaller than the frame (fit), then centred.
  const axis = (size: number, frame: number, focus: number) => {
    const win = frame / (scale * size)
    const start = win >= 1 ? (1 - win) / 2 : Math.min(Math.max(focus - win / 2, 0), 1 - win)
    return (v: number) => (100 * (v - start)) / win
  }
  const toX = axis(d.width, movie.width, d.focus.x / 100)
  const toY = axis(d.height, movie.height, d.focus.y / 100)
  const x0 = Math.max(0, toX(region.x / 100))
  const x1 = Math.min(100, toX((region.x + region.width) / 100))
  const y0 = Math.max(0, toY(region.y / 100))
  const y1 = Math.min(100, toY((region.y + region.height) / 100))
  if (x1 - x0 < minVisible || y1 - y0 < minVisible) return null
  return { x: x0, y: y0, width: x1 - x0, height: y1 - y0 }
}

/** Percent of the frame a calm region must show on it to carry text. */
const MIN_VISIBLE = 12

export type TextRole = 'title' | 'caption'

export interface TextPlacement {
  /** Centre of the text at its end position, percent of the frame. */
  x: number
  y: number
  /** The text rises into place from this far below, percent of the frame. */
  rise: number
  color: Color
  border: { color: Color; width: number }
  /** Dark letters on a light ground. */
  dark: boolean
  /** The share of the detected subjects' area on the frame the text covers (coveredShare). */
  subjectCover: number
  /** Why it sits there in that colour, for the effect's description. */
  reason: string
}

/** The text drifts up this far over its time on screen, percent of the frame. */
const RISE = 2
/** Above this luma, dark letters read better than light ones. */
const LIGHT_BACKGROUND = 0.6
/** Between this and LIGHT_BACKGROUND, light letters need a heavier outline. */
const MID_BACKGROUND = 0.42
/**
 * Detail (the analysis' sharpness) past which no part of the picture is calm (confetti, a
 * crowd, foliage): letters need a heavy outline to read over it.
 */
const BUSY = 0.5

const BLACK = { r: 0, g: 0, b: 0 }
const WHITE = { r: 255, g: 255, b: 255 }

/** Where a rectangle of the frame sits, in words. */
function whereOnFrame(r: Rect): string {
  const centre = r.y + r.height / 2
  return centre < 100 / 3 ? 'top' : centre < 200 / 3 ? 'middle' : 'bottom'
}

/**
 * Where the text goes and in what colour. It sits on the calmest part of the picture the frame
 * shows (the analysis' calm region): text over detail is hard to read and hides what matters.
 * Without one, a title takes the centre and a caption the lower third, as in film. Its colour
 * contrasts with what lies behind it: dark letters on light ground, light letters with a dark
 * outline elsewhere. A fitted picture sits on a darkened copy of itself, so there the letters
 * are light. The text is then kept inside the frame's margins, at its widest and tallest, all
 * the way from where it rises to where it rests.
 */
export function placeText(opts: {
  text: string
  fontSize: number
  role: TextRole
  description: ImageDescription
  framing: Framing
  movie: Movie
  style: ToneStyle
}): TextPlacement {
  const { description: d, framing, style } = opts
  const calm: CalmRegion | undefined = d.calmRegion
  const block = textBlockBound(opts.text, opts.fontSize, opts.movie)
  const subjects = subjectsOnFrame(d, framing, opts.movie)
  const onCalm = calm ? regionOnFrame(calm, d, framing, opts.movie) : null
  const fallback =
    opts.role === 'title'
      ? { x: 0, y: 40, width: 100, height: 20 }
      : { x: 0, y: 70, width: 100, height: 20 }
  const x = within(
    (onCalm ?? fallback).x + (onCalm ?? fallback).width / 2,
    TEXT_MARGIN.x + block.width / 2,
    100 - TEXT_MARGIN.x - block.width / 2,
  )
  const calmY = restingY(onCalm ?? fallback, block)
  // Off the calm band when the text would hide a detected subject there: the subject matters more.
  const y =
    coveredShare(textRect(x, calmY, block), subjects) <= SUBJECT_COVER_SHARE
      ? calmY
      : leastCovering(x, block, subjects, [calmY, ...otherRows(block)])
  const region = y === calmY ? onCalm : null
  const luma = region ? (calm?.luma ?? d.brightness) : d.brightness

  let color: Color
  let border: TextPlacement['border']
  let contrast: string
  const busy = d.sharpness > BUSY
  const dark = framing === 'cover' && region !== null && luma > LIGHT_BACKGROUND
  if (dark) {
    color = style.dark
    border = { color: WHITE, width: busy ? 3 : 1 }
    contrast = busy
      ? 'in dark letters with a light outline, which stay readable over its light, busy tones'
      : 'in dark letters, which stand out on its light tones'
  } else {
    color = style.light
    const heavy = !region || framing === 'fit' || luma > MID_BACKGROUND
    border = { color: BLACK, width: busy ? 4 : heavy ? 3 : 2 }
    contrast = busy
      ? 'in light letters with a heavy outline, which stay readable over its detail'
      : framing === 'fit'
        ? 'in light letters with a dark outline, clear on the picture and the darkened surround'
        : 'in light letters with a dark outline, which stand out on its darker tones'
  }

  const placed = region
    ? `on the ${busy ? 'least busy' : 'calm'} ${whereOnFrame(region)} of the picture`
    : y !== restingY(fallback, block) || onCalm
      ? `at the ${whereOnFrame({ x: 0, y, width: 100, height: 0 })}, clear of ${subjectWords(d.subjects ?? [])}`
      : opts.role === 'title'
        ? 'in the centre'
        : 'in the lower third'
  return {
    x,
    y,
    rise: RISE,
    color,
    border,
    dark,
    subjectCover: coveredShare(textRect(x, y, block), subjects),
    reason: `${placed}, ${contrast}`,
  }
}

/**
 * Where the text rests in a target area: in a band at the frame's top or bottom it keeps to the
 * band's outer edge (the subject, when it reaches into the band, comes from the middle).
 */
function restingY(target: Rect, block: { height: number }): number {
  const centre = target.y + target.height / 2
  return within(
    centre < 40
      ? target.y + block.height / 2
      : centre > 60
        ? target.y + target.height - block.height / 2 - RISE
        : centre,
    TEXT_MARGIN.y + block.height / 2,
    100 - TEXT_MARGIN.y - block.height / 2 - RISE,
  )
}

/** The rows text may move to off its calm band: the frame's top, bottom and middle. */
function otherRows(block: { height: number }): number[] {
  return [
    { x: 0, y: 0, width: 100, height: 30 },
    { x: 0, y: 70, width: 100, height: 30 },
    { x: 0, y: 40, width: 100, height: 20 },
  ].map((r) => restingY(r, block))
}

/** The frame the text takes at rest and while it rises into place, percent of the frame. */
export function textRect(x: number, y: number, block: { width: number; height: number }): Rect {
  return {
    x: x - block.width / 2,
    y: y - block.height / 2,
    width: block.width,
    height: block.height + RISE,
  }
}

/**
 * The detected subjects' boxes as the frame shows them at zoom 1 (parts outside it dropped),
 * a person's head counted twice (boxesToKeepClear).
 */
export function subjectsOnFrame(d: ImageDescription, framing: Framing, movie: Movie): Rect[] {
  return boxesToKeepClear(d.subjects ?? []).flatMap(
    (box) => regionOnFrame(box, d, framing, movie, 0) ?? [],
  )
}

/** The first row where the text covers little enough of the subjects, else the least covering. */
function leastCovering(
  x: number,
  block: { width: number; height: number },
  subjects: Rect[],
  rows: number[],
) {
  const share = (y: number) => coveredShare(textRect(x, y, block), subjects)
  return (
    rows.find((y) => share(y) <= SUBJECT_COVER_SHARE) ??
    rows.reduce((best, y) => (share(y) < share(best) ? y : best))
  )
}

/** v in tenths of a percent, rounded towards the inside of [lo, hi]; the centre when it is empty. */
function within(v: number, lo: number, hi: number): number {
  const low = Math.ceil(lo * 10) / 10
  const high = Math.floor(hi * 10) / 10
  return low > high ? 50 : Math.min(Math.max(Math.round(v * 10) / 10, low), high)
}
