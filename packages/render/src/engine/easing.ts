/** Clamps x to [0, 1]. */
export function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : x
}

export function lerp(a: number, b: number, k: number): number {
  return a + (b - a) * k
}

/** Progress of t through [start, end], clamped; a zero-length span counts as done. */
export function progress(t: number, start: number, end: number): number {
  return end > start ? clamp01((t - start) / (end - start)) : t >= start ? 1 : 0
}

/**
 * Cubic ease-in-out: zero velocity at both ends, so a zoom or pan starts and stops without a
 * jolt at slide boundaries.
 */
export function easeInOut(k: number): number {
  const x = clamp01(k)
  return x < 0.5 ? 4 * x * x * x : 1 - Math.pow(-2 * x + 2, 3) / 2
}

export function smoothstep(edge0: number, edge1: number, x: number): number {
  const k = progress(x, edge0, edge1)
  return k * k * (3 - 2 * k)
}
