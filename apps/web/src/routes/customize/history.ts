/**
 * Undo and redo over immutable snapshots. Pure: the editor store keeps one of these in memory
 * (the composition itself is saved to browser storage after every edit).
 */
export interface History<T> {
  past: T[]
  present: T
  future: T[]
  /** The last edit's coalescing key and time: a slider drag or typing is one step, not fifty. */
  lastKey: string | null
  lastAt: number
}

/** Steps kept; older ones are forgotten. */
export const HISTORY_LIMIT = 100
/** Edits with the same key closer together than this merge into one step. */
export const COALESCE_MS = 800

export function createHistory<T>(present: T): History<T> {
  return { past: [], present, future: [], lastKey: null, lastAt: 0 }
}

export interface RecordOptions<T> {
  /** Edits of the same thing (one slider, one text field) with this key may merge. */
  key?: string | null
  now?: number
  /** What the present becomes in the past: the same snapshot with the view it was edited from. */
  leaving?: T
}

/** Makes `next` the present; the old present becomes undoable unless the edit merges with it. */
export function record<T>(
  history: History<T>,
  next: T,
  options: RecordOptions<T> = {},
): History<T> {
  const { key = null, now = Date.now(), leaving = history.present } = options
  const merges =
    key !== null &&
    key === history.lastKey &&
    now - history.lastAt < COALESCE_MS &&
    history.future.length === 0 &&
    history.past.length > 0
  return {
    past: merges ? history.past : [...history.past, leaving].slice(-HISTORY_LIMIT),
    present: next,
    future: [],
    lastKey: key,
    lastAt: now,
  }
}

export function canUndo(history: History<unknown>): boolean {
  return history.past.length > 0
}

export function canRedo(history: History<unknown>): boolean {
  return history.future.length > 0
}

/** Back one step; `leaving` is the present as it goes into the future (with its current view). */
export function undo<T>(history: History<T>, leaving: T = history.present): History<T> {
  const previous = history.past[history.past.length - 1]
  if (previous === undefined) return history
  return {
    past: history.past.slice(0, -1),
    present: previous,
    future: [leaving, ...history.future],
    lastKey: null,
    lastAt: 0,
  }
}

export function redo<T>(history: History<T>, leaving: T = history.present): History<T> {
  const [next, ...rest] = history.future
  if (next === undefined) return history
  return {
    past: [...history.past, leaving].slice(-HISTORY_LIMIT),
    present: next,
    future: rest,
    lastKey: null,
    lastAt: 0,
  }
}
