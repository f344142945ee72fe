/** One idle measure of the server: after how many renders, and its group's resident memory. */
export interface IdleSample {
  renders: number
  groupMb: number
}

export interface MemoryVerdict {
  underLimit: boolean
  /** Growth from the first measure after a render to the highest later one. */
  growthMb: number
  flat: boolean
  ok: boolean
}

/**
 * Judges idle memory across renders: every measure under `limitMb`, and flat: once the first
 * render has loaded what renders need, no later measure more than `toleranceMb` above it.
 * The measure before any render only counts for the limit.
 */
export function memoryVerdict(
  samples: readonly IdleSample[],
  opts: { limitMb: number; toleranceMb: number },
): MemoryVerdict {
  const underLimit = samples.every((s) => s.groupMb < opts.limitMb)
  const after = samples.filter((s) => s.renders > 0)
  const growthMb =
    after.length < 2 ? 0 : Math.max(...after.slice(1).map((s) => s.groupMb)) - after[0]!.groupMb
  const flat = growthMb <= opts.toleranceMb
  return { underLimit, growthMb, flat, ok: underLimit && flat }
}
