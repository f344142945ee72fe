import {
  resolveFont,
  scaledFontSize,
  TEXT_MARGIN,
  type AnimatedTextParams,
  type Color,
  type Rect,
} from '@storyreel/core'
import { easeInOut, lerp, progress } from '../easing'
import { unitScale } from '../frame'
import { layoutText, type Line } from '../text-layout'
import type { Ctx, EffectModule, FrameInfo, PreviewScale } from '../types'

export const name = 'animated_text'

/** Line height as a multiple of the font size. */
export const LINE_HEIGHT = 1.2

export interface TextState {
  visible: boolean
  text: string
  /** Family name the font files are registered under (the stored value, unknown -> Arial). */
  font: string
  fontPx: number
  color: string
  borderColor: string
  /** Outline width outside the glyphs, output pixels; 0 = none. */
  borderPx: number
  alpha: number
  /** Centre of the text box before it is kept inside the margins, output pixels. */
  x: number
  y: number
  /** Width the text wraps at, output pixels. */
  boxWidth: number
  /** A box width given in params; without one the box shrinks to the longest line. */
  fixedWidth: boolean
  /** Absent: as tall as the wrapped lines. */
  boxHeight: number | undefined
  align: 'left' | 'center' | 'right'
  /** How many characters of `text` are shown. */
  revealed: number
}

function css({ r, g, b }: Color): string {
  return `rgb(${r},${g},${b})`
}

/**
 * Characters shown at t. Streaming shows charsPerSecond characters a second from textStart;
 * with stream_words a word appears whole when its last character would have.
 */
export function revealedChars(t: number, p: AnimatedTextParams, streaming: boolean): number {
  if (!streaming) return p.text.length
  const chars = Math.floor((t - p.textStart) * p.charsPerSecond + 1e-6)
  if (chars <= 0) return 0
  if (chars >= p.text.length) return p.text.length
  if (!p.stream_words) return chars
  let shown = 0
  for (const w of p.text.matchAll(/\S+/g)) {
    const end = w.index + w[0].length
    if (end > chars) break
    shown = end
  }
  return shown
}

/**
 * Shown over [textStart, textEnd]; moves (eased) from the start to the end position over that
 * span; fades in over fadeInDuration from textStart and out over fadeOutDuration up to textEnd.
 */
export function textState(
  t: number,
  p: AnimatedTextParams,
  frame: FrameInfo,
  streaming: boolean,
): TextState {
  const { width: W, height: H } = frame
  const visible = t >= p.textStart && t <= p.textEnd && p.textEnd > p.textStart
  const k = easeInOut(progress(t, p.textStart, p.textEnd))
  const fadeIn = p.fadeInDuration > 0 ? progress(t, p.textStart, p.textStart + p.fadeInDuration) : 1
  const fadeOut =
    p.fadeOutDuration > 0 ? 1 - progress(t, p.textEnd - p.fadeOutDuration, p.textEnd) : 1
  return {
    visible,
    text: p.text,
    font: resolveFont(p.font),
    fontPx: scaledFontSize(p.fontSize, W, H),
    color: css(p.color),
    borderColor: css(p.border.color),
    borderPx: Math.max(0, p.border.width) * unitScale(W, H),
    alpha: visible ? Math.min(fadeIn, fadeOut) : 0,
    x: (lerp(p.startPositionX, p.endPositionX, k) / 100) * W,
    y: (lerp(p.startPositionY, p.endPositionY, k) / 100) * H,
    boxWidth: p.width ?? W * (1 - (2 * TEXT_MARGIN.x) / 100),
    fixedWidth: p.width !== undefined,
    boxHeight: p.height,
    align: p.align,
    revealed: visible ? revealedChars(t, p, streaming) : 0,
  }
}

export function state(t: number, p: AnimatedTextParams, frame: FrameInfo): TextState {
  return textState(t, p, frame, p.stream)
}

interface Layout {
  lines: Line[]
  ascent: number
  descent: number
}

// Layout depends only on text, font and width: measure once, not every frame.
const layouts = new Map<string, Layout>()

function layoutFor(ctx: Ctx, s: TextState, fontCss: string): Layout {
  const key = `${fontCss}\n${s.boxWidth}\n${s.text}`
  let l = layouts.get(key)
  if (!l) {
    const m = ctx.measureText(s.text || 'M')
    l = {
      lines: layoutText(s.text, s.boxWidth, (str) => ctx.measureText(str).width),
      ascent: m.fontBoundingBoxAscent,
      descent: m.fontBoundingBoxDescent,
    }
    if (layouts.size > 256) layouts.clear()
    layouts.set(key, l)
  }
  return l
}

/** Keeps a box of `size` centred near `centre` inside [margin, frame - margin]. */
function placeBox(centre: number, size: number, frameSize: number, marginPercent: number): number {
  const margin = (frameSize * marginPercent) / 100
  const room = frameSize - 2 * margin
  if (size >= room) return (frameSize - size) / 2
  return Math.min(Math.max(centre - size / 2, margin), frameSize - margin - size)
}

/**
 * The rectangle a text's lines are laid in on the frame: its fixed or widest-line width, its
 * fixed or lines' height, centred on the text's position and kept inside the margins. The
 * editor's on-canvas handles use the same rectangle.
 */
export function textBox(
  s: Pick<TextState, 'x' | 'y' | 'fontPx' | 'boxWidth' | 'boxHeight' | 'fixedWidth'>,
  lines: readonly { width: number }[],
  frame: { width: number; height: number },
) {
  const width = s.fixedWidth ? s.boxWidth : Math.max(0, ...lines.map((l) => l.width))
  const height = s.boxHeight ?? lines.length * s.fontPx * LINE_HEIGHT
  return {
    left: placeBox(s.x, width, frame.width, TEXT_MARGIN.x),
    top: placeBox(s.y, height, frame.height, TEXT_MARGIN.y),
    width,
    height,
  }
}

/** Where the text's box stands on the frame, its outline included; null while it does not show. */
export function textRect(ctx: Ctx, s: TextState, frame: FrameInfo): Rect | null {
  if (!s.visible || s.alpha <= 0) return null
  const fontCss = `${s.fontPx}px "${s.font}"`
  ctx.font = fontCss
  const box = textBox(s, layoutFor(ctx, s, fontCss).lines, frame)
  const pad = s.borderPx
  return {
    x: box.left - pad,
    y: box.top - pad,
    width: box.width + 2 * pad,
    height: box.height + 2 * pad,
  }
}

export function drawText(ctx: Ctx, s: TextState, frame: FrameInfo): void {
  if (!s.visible || s.alpha <= 0 || s.revealed <= 0) return
  const fontCss = `${s.fontPx}px "${s.font}"`
  ctx.font = fontCss
  const { lines, ascent, descent } = layoutFor(ctx, s, fontCss)
  const lineHeight = s.fontPx * LINE_HEIGHT
  const blockHeight = lines.length * lineHeight
  const { left, top, width: boxWidth, height: boxHeight } = textBox(s, lines, frame)
  ctx.save()
  if (s.boxHeight !== undefined) {
    const pad = s.borderPx
    ctx.beginPath()
    ctx.rect(left - pad, top - pad, boxWidth + 2 * pad, boxHeight + 2 * pad)
    ctx.clip()
  }
  ctx.globalAlpha = s.alpha
  ctx.textAlign = 'left'
  ctx.textBaseline = 'alphabetic'
  ctx.fillStyle = s.color
  if (s.borderPx > 0) {
    // The stroke is centred on the outline and the fill then covers its inner half.
    ctx.lineWidth = s.borderPx * 2
    ctx.lineJoin = 'round'
    ctx.strokeStyle = s.borderColor
  }
  const firstBaseline =
    top + (boxHeight - blockHeight) / 2 + (lineHeight - ascent - descent) / 2 + ascent
  lines.forEach((line, i) => {
    const shown = Math.min(line.text.length, s.revealed - line.start)
    if (shown <= 0) return
    const x =
      s.align === 'left'
        ? left
        : s.align === 'right'
          ? left + boxWidth - line.width
          : left + (boxWidth - line.width) / 2
    const y = firstBaseline + i * lineHeight
    const str = shown < line.text.length ? line.text.slice(0, shown) : line.text
    if (s.borderPx > 0) ctx.strokeText(str, x, y)
    ctx.fillText(str, x, y)
  })
  ctx.restore()
}

/** A text box is given in movie pixels: the preview scales it with the frame. */
export function previewTextParams(p: AnimatedTextParams, scale: PreviewScale): AnimatedTextParams {
  const { width, height } = p
  if (width === undefined && height === undefined) return p
  return {
    ...p,
    width: width === undefined ? undefined : width * scale.scaleX,
    height: height === undefined ? undefined : height * scale.scaleY,
  }
}

export const animatedText: EffectModule<'animated_text', TextState> = {
  name,
  stage: 'overlay',
  state,
  draw: drawText,
  textRect,
  previewParams: previewTextParams,
}
