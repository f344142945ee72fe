import { NARRATION_TARGET_LUFS } from '@storyreel/core'

/** Highest true peak of a levelled track, dBTP: headroom for the AAC encoder. */
export const TRUE_PEAK = -1.5

export interface Loudness {
  /** Integrated loudness, LUFS (-Infinity for silence). */
  integrated: number
  /** True peak, dBTP. */
  truePeak: number
}

/** The ebur128 filter that measures a graph's output: its summary only, no per-frame lines. */
export const MEASURE_LOUDNESS = 'ebur128=peak=true:framelog=verbose'

/** What an ebur128 pass measured (EBU R128): integrated loudness and true peak. */
export function parseLoudness(report: string): Loudness {
  const summary = report.slice(report.lastIndexOf('Summary:'))
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1]
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]
  if (integrated === undefined || peak === undefined) throw new Error('ebur128 measured nothing')
  const value = (v: string) => (v === '-inf' ? -Infinity : Number(v))
  return { integrated: value(integrated), truePeak: value(peak) }
}

/**
 * A limiter that holds peaks at TRUE_PEAK, delay compensated so speech stays on time; under its
 * ceiling it passes the sound through unchanged.
 */
export const PEAK_LIMITER = `alimiter=limit=${(10 ** (TRUE_PEAK / 20)).toFixed(4)}:level=false:latency=true`

/**
 * The one gain that brings a track to `target` LUFS, and the limiter only when that gain would
 * push a peak over TRUE_PEAK. Silence, below R128's absolute gate, is left alone.
 */
export function levelFilter(loudness: Loudness, target = NARRATION_TARGET_LUFS): string {
  if (!(loudness.integrated > -70)) return 'anull'
  const gain = target - loudness.integrated
  const volume = `volume=${gain.toFixed(2)}dB`
  if (loudness.truePeak + gain <= TRUE_PEAK) return volume
  return `${volume},${PEAK_LIMITER}`
}
