import { TEXT_BOX_MIN } from '@storyreel/core'

/**
 * What dragging and resizing a text box on the canvas does to a text effect's params. Positions
 * (startPositionX/Y, endPositionX/Y) are percent of the frame and place the centre of the box;
 * width and height are movie pixels (the engine's units: on the preview they are scaled).
 */

export interface TextPosition {
  startPositionX: number
  startPositionY: number
  endPositionX: number
  endPositionY: number
}

export interface Size {
  width: number
  height: number
}

/**
 * How far a position may shift: a coordinate inside 0-100 % stays inside; one the composer put
 * outside (text flying in from off-screen) may come in but not go further out.
 */
function allowedShift(delta: number, values: readonly number[]): number {
  let lo = -Infinity
  let hi = Infinity
  for (const v of values) {
    lo = Math.max(lo, Math.min(0, v) - v)
    hi = Math.min(hi, Math.max(100, v) - v)
  }
  return Math.min(Math.max(delta, lo), hi)
}

/** Rounds a percent to a hundredth, so params stay short and stable. */
const tidy = (x: number) => Math.round(x * 100) / 100

/**
 * Moves the text by (dx, dy) percent of the frame. The text travels from its start to its end
 * position over its time; the box is dragged where it is at the current time, so start and end
 * shift together by the same delta, keeping the path's shape. Each axis' delta is clamped so
 * neither end leaves 0-100 %.
 */
export function moveText(p: TextPosition, dx: number, dy: number): TextPosition {
  const sx = allowedShift(dx, [p.startPositionX, p.endPositionX])
  const sy = allowedShift(dy, [p.startPositionY, p.endPositionY])
  return {
    startPositionX: tidy(p.startPositionX + sx),
    startPositionY: tidy(p.startPositionY + sy),
    endPositionX: tidy(p.endPositionX + sx),
    endPositionY: tidy(p.endPositionY + sy),
  }
}

/** A box side kept between core's TEXT_BOX_MIN and the movie's side, whole pixels. */
export function clampSide(value: number, min: number, max: number): number {
  return Math.round(Math.min(Math.max(value, min), Math.max(min, max)))
}

export interface ResizeResult {
  size: Size
  position: TextPosition
}

/**
 * Resizes the box by (dw, dh) movie pixels from its right edge (dh = 0: width only) or its
 * bottom-right corner, keeping the opposite edges where they were: the centre moves by half the
 * change. Sizes are clamped to TEXT_BOX_MIN and the movie; a side not dragged stays as it is.
 */
export function resizeText(
  p: TextPosition,
  box: Size,
  dw: number,
  dh: number,
  movie: Size,
): ResizeResult {
  const width = dw === 0 ? box.width : clampSide(box.width + dw, TEXT_BOX_MIN.width, movie.width)
  const height =
    dh === 0 ? box.height : clampSide(box.height + dh, TEXT_BOX_MIN.height, movie.height)
  const position = moveText(
    p,
    (((width - box.width) / 2) * 100) / movie.width,
    (((height - box.height) / 2) * 100) / movie.height,
  )
  return { size: { width, height }, position }
}

/** Keyboard steps: an arrow moves or resizes by 1 % of the frame, with Shift by 10 %. */
export function arrowStep(key: string, shift: boolean): [number, number] | null {
  const step = shift ? 10 : 1
  switch (key) {
    case 'ArrowLeft':
      return [-step, 0]
    case 'ArrowRight':
      return [step, 0]
    case 'ArrowUp':
      return [0, -step]
    case 'ArrowDown':
      return [0, step]
    default:
      return null
  }
}

/** Only the entries of `next` that differ from `prev`: what an edit changed. */
export function changedParams(
  prev: Record<string, unknown>,
  next: Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(next).filter(([k, v]) => prev[k] !== v))
}
