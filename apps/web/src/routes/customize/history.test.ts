import { describe, expect, it } from 'vitest'
import {
  COALESCE_MS,
  HISTORY_LIMIT,
  canRedo,
  canUndo,
  createHistory,
  record,
  redo,
  undo,
} from './history'

describe('history', () => {
  it('undoes and redoes edits in order', () => {
    let h = createHistory('a')
    h = record(h, 'b', { now: 0 })
    h = record(h, 'c', { now: 5000 })
    expect(canUndo(h)).toBe(true)
    expect(canRedo(h)).toBe(false)
    h = undo(h)
    expect(h.present).toBe('b')
    h = undo(h)
    expect(h.present).toBe('a')
    expect(canUndo(h)).toBe(false)
    expect(undo(h)).toBe(h)
    h = redo(h)
    h = redo(h)
    expect(h.present).toBe('c')
    expect(redo(h)).toBe(h)
  })

  it('forgets what was undone once something new is done', () => {
    let h = record(record(createHistory(1), 2, { now: 0 }), 3, { now: 5000 })
    h = record(undo(h), 4, { now: 10_000 })
    expect(h.past).toEqual([1, 2])
    expect(canRedo(h)).toBe(false)
  })

  it('merges quick edits of the same thing into one step, and only those', () => {
    let h = createHistory(0)
    h = record(h, 1, { key: 'zoom', now: 1000 })
    h = record(h, 2, { key: 'zoom', now: 1000 + COALESCE_MS / 2 })
    h = record(h, 3, { key: 'zoom', now: 1000 + COALESCE_MS })
    expect(h.past).toEqual([0])
    // Another control, or a pause, starts a new step.
    h = record(h, 4, { key: 'blur', now: 1000 + COALESCE_MS + 1 })
    h = record(h, 5, { key: 'blur', now: 1000 + 4 * COALESCE_MS })
    expect(h.past).toEqual([0, 3, 4])
    // Unkeyed edits never merge.
    h = record(h, 6, { now: 1000 + 4 * COALESCE_MS })
    h = record(h, 7, { now: 1000 + 4 * COALESCE_MS })
    expect(h.past).toEqual([0, 3, 4, 5, 6])
    // An undo ends a run: the next keyed edit is a step of its own, even with the same key.
    h = record(h, 8, { key: 'x', now: 0 })
    h = record(undo(h), 9, { key: 'x', now: 1 })
    expect(h.past).toEqual([0, 3, 4, 5, 6, 7])
  })

  it('keeps the view the present was edited from', () => {
    let h = createHistory({ doc: 'a', view: 0 })
    h = record(h, { doc: 'b', view: 1 }, { leaving: { doc: 'a', view: 2 } })
    h = undo(h, { doc: 'b', view: 3 })
    expect(h.present).toEqual({ doc: 'a', view: 2 })
    expect(h.future).toEqual([{ doc: 'b', view: 3 }])
  })

  it('keeps at most HISTORY_LIMIT steps', () => {
    let h = createHistory(0)
    for (let i = 1; i <= HISTORY_LIMIT + 20; i++) h = record(h, i, { now: i * 10_000 })
    expect(h.past).toHaveLength(HISTORY_LIMIT)
    expect(h.past[0]).toBe(20)
  })
})
