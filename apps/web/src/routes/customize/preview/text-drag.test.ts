import { describe, expect, it } from 'vitest'
import {
  DRAG_SLOP_PX,
  IDLE,
  dragTransition,
  draggedParams,
  positionOf,
  steppedParams,
  type DragEvent,
  type DragStart,
  type DragState,
} from './text-drag'

const movie = { width: 1080, height: 1920 }
const at = (sx: number, sy: number, ex: number, ey: number) => ({
  startPositionX: sx,
  startPositionY: sy,
  endPositionX: ex,
  endPositionY: ey,
})

/** A press on text effect 2 at (100, 100) of a 540 x 960 stage: half the movie's size. */
const start = (over: Partial<DragStart> = {}): DragStart => ({
  handle: 'move',
  effectIndex: 2,
  pointerId: 7,
  x: 100,
  y: 100,
  params: at(50, 50, 50, 50),
  box: { width: 400, height: 100 },
  stage: { width: 540, height: 960 },
  ...over,
})

const move = (x: number, y: number, pointerId = 7): DragEvent => ({
  type: 'move',
  pointerId,
  x,
  y,
  movie,
})

/** Runs the events from idle, returning the last state and every effect on the way. */
function run(...events: DragEvent[]) {
  let state: DragState = IDLE
  const effects = []
  for (const event of events) {
    const step = dragTransition(state, event)
    state = step.state
    if (step.effect) effects.push(step.effect)
  }
  return { state, effects }
}

describe('dragTransition', () => {
  it('arms a drag on a press, drawing nothing yet', () => {
    const { state, effects } = run({ type: 'press', start: start() })
    expect(state).toEqual({ phase: 'pressed', start: start() })
    expect(effects).toEqual([])
  })

  it('stays a click while the pointer wanders less than the slop', () => {
    const { state, effects } = run(
      { type: 'press', start: start() },
      move(100 + DRAG_SLOP_PX - 1, 100),
      { type: 'release', pointerId: 7, keep: true },
    )
    expect(state).toBe(IDLE)
    expect(effects).toEqual([{ type: 'end', save: null }])
  })

  it('drafts the moved params past the slop, and saves the last draft on release', () => {
    const { state, effects } = run(
      { type: 'press', start: start() },
      move(154, 100),
      move(154, 196),
      { type: 'release', pointerId: 7, keep: true },
    )
    expect(state).toBe(IDLE)
    expect(effects).toEqual([
      { type: 'draft', effectIndex: 2, params: at(60, 50, 60, 50) },
      { type: 'draft', effectIndex: 2, params: at(60, 60, 60, 60) },
      { type: 'end', save: { effectIndex: 2, params: at(60, 60, 60, 60) } },
    ])
  })

  it('keeps drafting once dragging, even back within the slop', () => {
    const { state, effects } = run(
      { type: 'press', start: start() },
      move(154, 100),
      move(101, 100),
    )
    expect(state.phase).toBe('dragging')
    expect(effects.at(-1)).toEqual({
      type: 'draft',
      effectIndex: 2,
      params: at(50.19, 50, 50.19, 50),
    })
  })

  it('drops the drag when the pointer is cancelled', () => {
    const { state, effects } = run({ type: 'press', start: start() }, move(154, 100), {
      type: 'release',
      pointerId: 7,
      keep: false,
    })
    expect(state).toBe(IDLE)
    expect(effects.at(-1)).toEqual({ type: 'end', save: null })
  })

  it('ignores other pointers, and moves and releases with no drag', () => {
    const other = run({ type: 'press', start: start() }, move(300, 300, 8), {
      type: 'release',
      pointerId: 8,
      keep: true,
    })
    expect(other.state).toEqual({ phase: 'pressed', start: start() })
    expect(other.effects).toEqual([])
    // A lost capture after the release finds the drag already ended.
    const idle = run(move(300, 300), { type: 'release', pointerId: 7, keep: true })
    expect(idle.state).toBe(IDLE)
    expect(idle.effects).toEqual([])
  })

  it('starts over on a new press', () => {
    const second = start({ effectIndex: 0, pointerId: 9 })
    const { state } = run({ type: 'press', start: start() }, move(154, 100), {
      type: 'press',
      start: second,
    })
    expect(state).toEqual({ phase: 'pressed', start: second })
  })
})

describe('draggedParams', () => {
  it('moves the text by the drag as percent of the stage', () => {
    expect(draggedParams(start(), -54, 96, movie)).toEqual(at(40, 60, 40, 60))
  })

  it('resizes the width from the right edge, ignoring the vertical drag', () => {
    // 54 px of a 540 px stage: 108 movie pixels; the centre moves by half.
    expect(draggedParams(start({ handle: 'width' }), 54, 200, movie)).toEqual({
      ...at(55, 50, 55, 50),
      width: 508,
    })
  })

  it('resizes both sides from the corner', () => {
    expect(draggedParams(start({ handle: 'corner' }), 54, 96, movie)).toEqual({
      ...at(55, 55, 55, 55),
      width: 508,
      height: 292,
    })
  })
})

describe('steppedParams', () => {
  it('moves by the step, percent of the frame', () => {
    expect(steppedParams(start(), [-10, 0], movie)).toEqual(at(40, 50, 40, 50))
  })

  it('takes up and down on the width handle as wider and narrower', () => {
    const width = start({ handle: 'width' })
    expect(steppedParams(width, [0, -1], movie)).toEqual(steppedParams(width, [1, 0], movie))
    expect(steppedParams(width, [0, 1], movie)).toEqual(steppedParams(width, [-1, 0], movie))
  })
})

describe('positionOf', () => {
  it('fills in the positions a text effect leaves out as drawFrame does', () => {
    expect(positionOf({ startPositionX: 20 })).toEqual(at(20, 50, 60, 40))
  })
})
