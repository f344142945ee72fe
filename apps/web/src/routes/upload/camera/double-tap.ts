/** A pointer released on the camera's preview. */
export interface Tap {
  time: number
  x: number
  y: number
  pointerType: string
}

/** As long as browsers wait for a second click, and as far as a finger drifts between taps. */
export const DOUBLE_TAP_MS = 300
export const DOUBLE_TAP_SLOP_PX = 40

/**
 * Whether `tap` completes a double tap (or a double click) begun by `previous`. Pointer events
 * serve mouse and touch alike; a browser's own dblclick is not sent for every double tap.
 */
export function isDoubleTap(previous: Tap | null, tap: Tap): boolean {
  if (!previous || previous.pointerType !== tap.pointerType) return false
  const elapsed = tap.time - previous.time
  return (
    elapsed >= 0 &&
    elapsed <= DOUBLE_TAP_MS &&
    Math.hypot(tap.x - previous.x, tap.y - previous.y) <= DOUBLE_TAP_SLOP_PX
  )
}
