import {
  boxesToKeepClear,
  coveredShare,
  estimateNarrationSeconds,
  estimateWordTimings,
  resolveFont,
  spokenText,
  SUBJECT_COVER_SHARE,
  TEXT_MARGIN,
  type Box,
  type CaptionPosition,
  type Captions,
  type Color,
  type Effect,
  type MovieParams,
  type Rect,
  type Slide,
  type WordTiming,
} from '@storyreel/core'
import type { Crop } from './camera'
import { activeEffects, drawnEffects, mediaView, saysNarration } from './media-view'
import { layoutText } from './text-layout'
import type { Ctx, FrameInfo, SceneCaptions } from './types'

/** Most words a caption page holds: a phrase the eye takes in at a glance. */
export const MAX_PAGE_WORDS = 7
/** A pause in the speech at least this long (seconds) ends a page. */
export const PAGE_BREAK_PAUSE = 0.8
/** A page stays this long (seconds) after its last word ends, unless the next page comes first. */
export const PAGE_HOLD = 0.6
/** Line height as a multiple of the font size. */
export const CAPTION_LINE_HEIGHT = 1.25

/** Sizes relative to the font size: the box's padding and corner radius, the outline's width. */
const BOX_PAD_X = 0.45
const BOX_PAD_Y = 0.2
const BOX_RADIUS = 0.3
const OUTLINE = 0.09
const BOX_FILL = 'rgba(0,0,0,0.6)'
const OUTLINE_STROKE = 'rgba(0,0,0,0.9)'

const SENTENCE_END = /[.!?…]["')\]]*$/
const CLAUSE_END = /[,;:—–]["')\]]*$/

/** Pixel sizes of the captions on a frame, from the style's size (percent of the shorter side). */
export interface CaptionMetrics {
  fontPx: number
  lineHeight: number
  /** Room between the text and the box's edge (box), or the outline's reach (outline). */
  padX: number
  padY: number
  /** Widest a line may be so that the box or outline stays inside the text margins. */
  maxWidth: number
}

export function captionMetrics(style: Captions, width: number, height: number): CaptionMetrics {
  const fontPx = (style.size / 100) * Math.min(width, height)
  const box = style.background === 'box'
  const padX = fontPx * (box ? BOX_PAD_X : OUTLINE)
  const padY = fontPx * (box ? BOX_PAD_Y : OUTLINE)
  return {
    fontPx,
    lineHeight: fontPx * CAPTION_LINE_HEIGHT,
    padX,
    padY,
    maxWidth: Math.max(1, width * (1 - (2 * TEXT_MARGIN.x) / 100) - 2 * padX),
  }
}

/** A word (or, for a word wider than a line, a piece of it) placed on its line. */
export interface PlacedWord {
  /** Index in the slide's words. */
  index: number
  text: string
  /** From the line's left edge, pixels. */
  x: number
}

export interface CaptionLine {
  words: PlacedWord[]
  width: number
}

/** Words shown together, from the first one's start until the speech moves on. */
export interface CaptionPage {
  first: number
  last: number
  start: number
  end: number
  lines: CaptionLine[]
}

type Measure = (s: string) => number

/**
 * A page's words as one line, or two lines as even as possible; null when they need more.
 * A lone word wider than a line is broken between characters (layoutText), however many lines
 * that takes, so that nothing ever crosses the margins.
 */
function pageLines(
  words: readonly string[],
  first: number,
  maxWidth: number,
  measure: Measure,
): CaptionLine[] | null {
  const line = (from: number, to: number): CaptionLine => {
    const texts = words.slice(from, to)
    // Each word where the text before it ends: kerning and spaces as in the whole line.
    const placed = texts.map((text, k) => ({
      index: first + from + k,
      text,
      x: k === 0 ? 0 : measure(`${texts.slice(0, k).join(' ')} `),
    }))
    return { words: placed, width: measure(texts.join(' ')) }
  }
  const whole = line(0, words.length)
  if (whole.width <= maxWidth) return [whole]
  if (words.length === 1) {
    return layoutText(words[0]!, maxWidth, measure).map((l) => ({
      words: [{ index: first, text: l.text, x: 0 }],
      width: l.width,
    }))
  }
  let best: CaptionLine[] | null = null
  for (let k = 1; k < words.length; k++) {
    const pair = [line(0, k), line(k, words.length)]
    const widest = Math.max(pair[0]!.width, pair[1]!.width)
    if (widest > maxWidth) continue
    if (!best || widest < Math.max(best[0]!.width, best[1]!.width)) best = pair
  }
  return best
}

/** Candidate pages overlap: each distinct string is measured once. */
function memoized(measure: Measure): Measure {
  const widths = new Map<string, number>()
  return (s) => {
    let w = widths.get(s)
    if (w === undefined) widths.set(s, (w = measure(s)))
    return w
  }
}

/** Where the speech makes a clear break: after a sentence, or at a long pause. */
function phrases(words: readonly WordTiming[]): [number, number][] {
  const spans: [number, number][] = []
  let from = 0
  for (let i = 0; i < words.length; i++) {
    const next = words[i + 1]
    const end =
      !next || SENTENCE_END.test(words[i]!.text) || next.start - words[i]!.end >= PAGE_BREAK_PAUSE
    if (end) {
      spans.push([from, i + 1])
      from = i + 1
    }
  }
  return spans
}

/**
 * Cuts a phrase into as few pages as fit, as even as possible (squared shortfall from a full
 * page), preferring breaks after a comma: "a b c d / e f g h", never "a b c d e f g / h".
 */
function splitPhrase(
  texts: readonly string[],
  from: number,
  to: number,
  maxWidth: number,
  measure: Measure,
): CaptionLine[][] {
  const PAGE_COST = 1000
  const CLAUSE_BONUS = 8
  const n = to - from
  const best: { cost: number; lines: CaptionLine[][] }[] = [{ cost: 0, lines: [] }]
  for (let j = 1; j <= n; j++) {
    let pick: { cost: number; lines: CaptionLine[][] } | undefined
    for (let i = Math.max(0, j - MAX_PAGE_WORDS); i < j; i++) {
      const lines = pageLines(texts.slice(from + i, from + j), from + i, maxWidth, measure)
      if (!lines) continue
      const shortfall = MAX_PAGE_WORDS - (j - i)
      const bonus = j < n && CLAUSE_END.test(texts[from + j - 1]!) ? CLAUSE_BONUS : 0
      const cost = best[i]!.cost + PAGE_COST + shortfall * shortfall - bonus
      if (!pick || cost < pick.cost) pick = { cost, lines: [...best[i]!.lines, lines] }
    }
    // A lone word always fits (broken between characters if it must), so pick is set.
    best.push(pick!)
  }
  return best[n]!.lines
}

/**
 * The slide's words cut into caption pages of a few words, at most two lines of maxWidth (a
 * lone over-wide word excepted): pages follow the speech's sentences and pauses. A page shows
 * from its first word's start until the next page starts, or PAGE_HOLD after its last word.
 */
export function paginateCaptions(
  words: readonly WordTiming[],
  maxWidth: number,
  measure: Measure,
): CaptionPage[] {
  const texts = words.map((w) => w.text)
  const widthOf = memoized(measure)
  const pages: CaptionPage[] = []
  for (const [from, to] of phrases(words)) {
    for (const lines of splitPhrase(texts, from, to, maxWidth, widthOf)) {
      const indices = lines.flatMap((l) => l.words.map((w) => w.index))
      const first = Math.min(...indices)
      const last = Math.max(...indices)
      pages.push({
        first,
        last,
        start: words[first]!.start,
        end: words[last]!.end + PAGE_HOLD,
        lines,
      })
    }
  }
  for (let k = 0; k + 1 < pages.length; k++) {
    pages[k]!.end = Math.min(pages[k]!.end, pages[k + 1]!.start)
  }
  return pages
}

/**
 * The page shown at t and the word being spoken on it: the last one started, until the page's
 * last word ends (then the page lingers with no word lit). Null when no page shows.
 */
export function captionAt(
  pages: readonly CaptionPage[],
  words: readonly WordTiming[],
  t: number,
): { page: CaptionPage; spoken: number | null } | null {
  const page = pages.find((p) => t >= p.start && t < p.end)
  if (!page) return null
  if (t >= words[page.last]!.end) return { page, spoken: null }
  let spoken = page.first
  while (spoken < page.last && words[spoken + 1]!.start <= t) spoken++
  return { page, spoken }
}

/** Where a page of captions may stand: 'auto' resolved to one of these (captionPlacement). */
export type CaptionRow = Exclude<CaptionPosition, 'auto'>

/** A page's size on the frame, box padding included. */
function pageSize(page: CaptionPage, m: CaptionMetrics) {
  return {
    width: Math.max(...page.lines.map((l) => l.width)) + 2 * m.padX,
    height: page.lines.length * m.lineHeight + 2 * m.padY,
  }
}

/** A block of this size centred across the frame in a row, inside the text margins. */
function blockIn(
  size: { width: number; height: number },
  row: CaptionRow,
  frame: { width: number; height: number },
) {
  const margin = (frame.height * TEXT_MARGIN.y) / 100
  const centred = (frame.height - size.height) / 2
  const top =
    size.height > frame.height - 2 * margin || row === 'middle'
      ? centred
      : row === 'top'
        ? margin
        : frame.height - margin - size.height
  return { left: (frame.width - size.width) / 2, top, ...size }
}

/** The page's rectangle on the frame, box padding included, inside the text margins. */
export function captionBlock(
  page: CaptionPage,
  m: CaptionMetrics,
  row: CaptionRow,
  frame: { width: number; height: number },
) {
  return blockIn(pageSize(page, m), row, frame)
}

/** 'auto' tries the rows in this order: the bottom, as in film, then the top, then the middle. */
const AUTO_ROWS: readonly CaptionRow[] = ['bottom', 'top', 'middle']
/** Moments across the captions' time on screen at which 'auto' looks at the slide. */
const AUTO_SAMPLES = 9

/** A box of the picture (percent of it) where the crop shows it on the frame, pixels; clipped. */
function boxOnFrame(box: Box, crop: Crop, frame: FrameInfo): Rect | null {
  if (crop.sw <= 0 || crop.sh <= 0) return null
  const toX = (v: number) =>
    crop.dx + ((v / 100) * frame.mediaWidth - crop.sx) * (crop.dw / crop.sw)
  const toY = (v: number) =>
    crop.dy + ((v / 100) * frame.mediaHeight - crop.sy) * (crop.dh / crop.sh)
  const x0 = Math.max(0, toX(box.x))
  const x1 = Math.min(frame.width, toX(box.x + box.width))
  const y0 = Math.max(0, toY(box.y))
  const y1 = Math.min(frame.height, toY(box.y + box.height))
  return x1 > x0 && y1 > y0 ? { x: x0, y: y0, width: x1 - x0, height: y1 - y0 } : null
}

/** What the slide shows at t that captions keep off: its subjects and its own texts, on the frame. */
function slideAt(ctx: Ctx, slide: Slide, t: number, frame: FrameInfo) {
  const active = activeEffects(drawnEffects(slide, true), t, frame)
  const { crop } = mediaView(active, frame)
  return {
    subjects:
      frame.mediaWidth > 0
        ? boxesToKeepClear(slide.subjects ?? []).flatMap((b) => boxOnFrame(b, crop, frame) ?? [])
        : [],
    texts: active.flatMap((a) => a.module.textRect?.(ctx, a.state, frame) ?? []),
  }
}

const meets = (a: Rect, b: Rect) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/**
 * The row the slide's captions stand in; the most of its subjects' area on the frame (as its
 * camera shows them, a person's head counted twice) that they cover while they show; and
 * whether they would cross one of the slide's own texts (a title, a caption effect). A fixed
 * position is kept. 'auto' takes the first row of AUTO_ROWS clear of the slide's texts where
 * the slide's largest page covers at most SUBJECT_COVER_SHARE of the subjects, else the row
 * clear of texts covering least, else the one covering least. One row for the whole slide:
 * captions that jumped between pages would be harder to follow than ones over a corner.
 * Measuring the texts sets ctx's font.
 */
export function captionPlacement(
  ctx: Ctx,
  pages: readonly CaptionPage[],
  m: CaptionMetrics,
  position: CaptionPosition,
  frame: FrameInfo,
  slide: Slide,
): { row: CaptionRow; cover: number; overText: boolean } {
  const rows = position === 'auto' ? AUTO_ROWS : [position]
  if (pages.length === 0) return { row: rows[0]!, cover: 0, overText: false }
  const sizes = pages.map((p) => pageSize(p, m))
  const size = {
    width: Math.max(...sizes.map((s) => s.width)),
    height: Math.max(...sizes.map((s) => s.height)),
  }
  const from = pages[0]!.start
  const to = Math.min(pages.at(-1)!.end, frame.duration)
  const seen = Array.from({ length: AUTO_SAMPLES }, (_, k) =>
    slideAt(ctx, slide, from + ((to - from) * k) / (AUTO_SAMPLES - 1), frame),
  )
  const scored = rows.map((row) => {
    const b = blockIn(size, row, frame)
    const rect = { x: b.left, y: b.top, width: b.width, height: b.height }
    return {
      row,
      cover: Math.max(...seen.map((s) => coveredShare(rect, s.subjects))),
      overText: seen.some((s) => s.texts.some((t) => meets(rect, t))),
    }
  })
  const clear = scored.filter((s) => !s.overText)
  const least = (list: typeof scored) => list.reduce((best, s) => (s.cover < best.cover ? s : best))
  return (
    clear.find((s) => s.cover <= SUBJECT_COVER_SHARE) ??
    (clear.length > 0 ? least(clear) : least(scored))
  )
}

function css({ r, g, b }: Color): string {
  return `rgb(${r},${g},${b})`
}

interface Layout {
  pages: CaptionPage[]
  ascent: number
  descent: number
}

// Pages depend only on the words, font and width: laid out once, not every frame.
const layouts = new Map<string, Layout>()

function layoutFor(ctx: Ctx, words: readonly WordTiming[], fontCss: string, maxWidth: number) {
  const key = `${fontCss}\n${maxWidth}\n${JSON.stringify(words)}`
  let l = layouts.get(key)
  if (!l) {
    const m = ctx.measureText('M')
    l = {
      pages: paginateCaptions(words, maxWidth, (s) => ctx.measureText(s).width),
      ascent: m.fontBoundingBoxAscent,
      descent: m.fontBoundingBoxDescent,
    }
    if (layouts.size > 64) layouts.clear()
    layouts.set(key, l)
  }
  return l
}

/** The slide's caption pages in the style's font on this frame; leaves the font set on ctx. */
export function captionLayout(ctx: Ctx, captions: SceneCaptions, frame: FrameInfo) {
  const m = captionMetrics(captions.style, frame.width, frame.height)
  const fontCss = `${m.fontPx}px "${resolveFont(captions.style.font)}"`
  ctx.font = fontCss
  return { m, fontCss, ...layoutFor(ctx, captions.words, fontCss, m.maxWidth) }
}

interface PlacedRow {
  pages: readonly CaptionPage[]
  position: CaptionPosition
  frame: FrameInfo
  row: CaptionRow
}

// A slide's row depends on its pages, position and frame, not on t: placed once while they hold
// (the render keeps its slide objects), not on every frame.
const rows = new WeakMap<Slide, PlacedRow>()

function slideRow(
  ctx: Ctx,
  pages: readonly CaptionPage[],
  m: CaptionMetrics,
  position: CaptionPosition,
  frame: FrameInfo,
  slide: Slide,
): CaptionRow {
  const kept = rows.get(slide)
  const same =
    kept?.pages === pages &&
    kept.position === position &&
    (Object.keys(frame) as (keyof FrameInfo)[]).every((k) => kept.frame[k] === frame[k])
  if (same) return kept.row
  const { row } = captionPlacement(ctx, pages, m, position, frame, slide)
  rows.set(slide, { pages, position, frame, row })
  return row
}

/**
 * Draws the caption page being spoken at t (seconds from the slide's start): the words in the
 * style's colour, the spoken one in its highlight colour, on a dark rounded band (box) or with a
 * dark edge (outline), centred across the frame at the top, middle or bottom margin (for 'auto',
 * the row captionPlacement chooses for the slide).
 */
export function drawCaptions(
  ctx: Ctx,
  captions: SceneCaptions,
  frame: FrameInfo,
  t: number,
  slide: Slide,
) {
  const { style, words } = captions
  if (!style.enabled || words.length === 0) return
  const { m, fontCss, pages, ascent, descent } = captionLayout(ctx, captions, frame)
  const at = captionAt(pages, words, t)
  if (!at) return
  const row = slideRow(ctx, pages, m, style.position, frame, slide)
  const block = captionBlock(at.page, m, row, frame)
  ctx.save()
  ctx.font = fontCss
  ctx.globalAlpha = 1
  if (style.background === 'box') {
    ctx.fillStyle = BOX_FILL
    ctx.beginPath()
    ctx.roundRect(block.left, block.top, block.width, block.height, m.fontPx * BOX_RADIUS)
    ctx.fill()
  }
  ctx.textAlign = 'left'
  ctx.textBaseline = 'alphabetic'
  const placed = at.page.lines.flatMap((line, i) => {
    const left = (frame.width - line.width) / 2
    const y = block.top + m.padY + i * m.lineHeight + (m.lineHeight - ascent - descent) / 2 + ascent
    return line.words.map((w) => ({ ...w, x: left + w.x, y }))
  })
  if (style.background === 'outline') {
    // Every edge first, then every fill: a word's edge never covers its neighbour's letters.
    // The stroke is centred on the glyph outline; the fill then covers its inner half.
    ctx.lineWidth = 2 * m.padX
    ctx.lineJoin = 'round'
    ctx.strokeStyle = OUTLINE_STROKE
    for (const w of placed) ctx.strokeText(w.text, w.x, w.y)
  }
  for (const w of placed) {
    ctx.fillStyle = css(w.index === at.spoken ? style.highlight : style.color)
    ctx.fillText(w.text, w.x, w.y)
  }
  ctx.restore()
}

/** Whether the slide shows captions: they are on, a voice reads, and the slide has words. */
export function showsCaptions(movie: MovieParams, slide: Slide): boolean {
  return movie.captions?.enabled === true && spokenText(slide, movie.voice) !== ''
}

/**
 * Whether drawFrame leaves the slide's effect out (drawnEffects): a text saying the narration,
 * while the captions show it.
 */
export function hiddenByCaptions(movie: MovieParams, slide: Slide, effect: Effect): boolean {
  return showsCaptions(movie, slide) && saysNarration(effect, slide)
}

/**
 * A slide's captions before its narration is synthesised: its words timed by estimate from the
 * slide's start, for the editor's preview and renderFrame (the render times them from the
 * speech). None while captions are off, without a voice or without words.
 */
export function estimatedCaptions(movie: MovieParams, slide: Slide): SceneCaptions | undefined {
  if (!movie.captions || !showsCaptions(movie, slide)) return undefined
  const text = spokenText(slide, movie.voice)
  return {
    style: movie.captions,
    words: estimateWordTimings(text, estimateNarrationSeconds(text)),
  }
}
