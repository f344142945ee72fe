import { EFFECT_DEFAULTS, type AnimatedTextParams } from '@storyreel/core'
import { moveText, resizeText, type Size, type TextPosition } from './text-edit'

/**
 * Dragging a text box on the canvas as a pure state machine: a press arms a drag, a move past a
 * few pixels drafts the new params (drawn at once), and the release saves the last draft. A
 * cancelled pointer (the browser took the gesture) drops it. use-text-drag wires pointer events
 * to it.
 */

export type Handle = 'move' | 'width' | 'corner'
type Params = Record<string, unknown>

/** What a drag or an arrow key works the new params out from. */
export interface DragBasis {
  handle: Handle
  /** The effect's params as saved. */
  params: Params
  /** The box's size in movie pixels when the drag began. */
  box: Size
  /** The stage's size on screen, CSS pixels. */
  stage: Size
}

/** A press on a text box or on one of its handles. */
export interface DragStart extends DragBasis {
  effectIndex: number
  pointerId: number
  /** Where the pointer went down, CSS pixels. */
  x: number
  y: number
}

export type DragState =
  | { phase: 'idle' }
  | { phase: 'pressed'; start: DragStart }
  | { phase: 'dragging'; start: DragStart; params: Params }

export type DragEvent =
  | { type: 'press'; start: DragStart }
  | { type: 'move'; pointerId: number; x: number; y: number; movie: Size }
  | { type: 'release'; pointerId: number; keep: boolean }

/** What the editor is to do after an event: draw a draft, or end the drag (saving or not). */
export type DragEffect =
  | { type: 'draft'; effectIndex: number; params: Params }
  | { type: 'end'; save: { effectIndex: number; params: Params } | null }

export interface DragStep {
  state: DragState
  effect: DragEffect | null
}

export const IDLE: DragState = { phase: 'idle' }

/** How far a press may wander and still be a click (which selects without moving). */
export const DRAG_SLOP_PX = 3

/** Where the text starts and ends, the defaults filled in as drawFrame fills them. */
export function positionOf(p: Partial<AnimatedTextParams>): TextPosition {
  const { startPositionX, startPositionY, endPositionX, endPositionY } = {
    ...EFFECT_DEFAULTS.animated_text,
    ...p,
  }
  return { startPositionX, startPositionY, endPositionX, endPositionY }
}

/** The params after dragging the basis' handle by (dx, dy) screen pixels. */
export function draggedParams(basis: DragBasis, dx: number, dy: number, movie: Size): Params {
  const position = positionOf(basis.params)
  const { handle, stage } = basis
  if (handle === 'move') {
    return { ...moveText(position, (dx / stage.width) * 100, (dy / stage.height) * 100) }
  }
  const dw = (dx / stage.width) * movie.width
  const dh = handle === 'corner' ? (dy / stage.height) * movie.height : 0
  const { size, position: moved } = resizeText(position, basis.box, dw, dh, movie)
  return handle === 'corner' ? { ...moved, ...size } : { ...moved, width: size.width }
}

/**
 * The params after an arrow key's step ([x, y] percent of the frame) on the basis' handle: a
 * drag by as much. The width handle takes up and down as wider and narrower.
 */
export function steppedParams(basis: DragBasis, step: [number, number], movie: Size): Params {
  const [sx, sy] = basis.handle === 'width' ? [step[0] || -step[1], 0] : step
  const { stage } = basis
  return draggedParams(basis, (sx / 100) * stage.width, (sy / 100) * stage.height, movie)
}

/** The drag after `event`, and what the editor is to do about it. */
export function dragTransition(state: DragState, event: DragEvent): DragStep {
  if (event.type === 'press')
    return { state: { phase: 'pressed', start: event.start }, effect: null }
  // Only the pointer that pressed drives the drag.
  if (state.phase === 'idle' || state.start.pointerId !== event.pointerId) {
    return { state, effect: null }
  }
  const { start } = state
  if (event.type === 'release') {
    const save =
      event.keep && state.phase === 'dragging'
        ? { effectIndex: start.effectIndex, params: state.params }
        : null
    return { state: IDLE, effect: { type: 'end', save } }
  }
  const dx = event.x - start.x
  const dy = event.y - start.y
  if (state.phase === 'pressed' && Math.hypot(dx, dy) < DRAG_SLOP_PX) return { state, effect: null }
  const params = draggedParams(start, dx, dy, event.movie)
  return {
    state: { phase: 'dragging', start, params },
    effect: { type: 'draft', effectIndex: start.effectIndex, params },
  }
}
