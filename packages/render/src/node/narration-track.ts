import { NARRATION_TARGET_LUFS } from '@storyreel/core'
import { DEFAULT_TOOLS, runTool, runToolReport, type MediaTools } from './run-tool'

/** One slide's speech on the video's timeline, seconds. */
export interface NarrationPart {
  /** The speech (MP3 or any audio ffmpeg reads). */
  file: string
  /** The slide's start: the speech starts exactly here. */
  start: number
  /** The slide's end: any speech past it is cut, so it never runs into the next slide. */
  end: number
}

/** The soundtrack's sample rate; voices speak at 22.05 or 24 kHz. */
export const NARRATION_SAMPLE_RATE = 48000
/** Highest true peak of the levelled track, dBTP: headroom for the AAC encoder. */
const TRUE_PEAK = -1.5

/**
 * The filter graph that lays every part at its start, sample-exact, cut at its end, over
 * silence as long as the video, then `level` (measuring or levelling); inputs: the parts.
 */
function narrationGraph(parts: readonly NarrationPart[], total: number, level: string) {
  const inputs = parts.flatMap((p) => ['-i', p.file])
  const format = `aresample=${NARRATION_SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=mono`
  const placed = parts.map((p, k) => {
    const length = Math.max(0, p.end - p.start).toFixed(3)
    const delay = Math.round(p.start * NARRATION_SAMPLE_RATE)
    return `[${k}:a]${format},atrim=0:${length},asetpts=PTS-STARTPTS,adelay=${delay}S:all=1[p${k}]`
  })
  const labels = parts.map((_, k) => `[p${k}]`).join('')
  const mix = `${labels}amix=inputs=${parts.length}:normalize=0:duration=longest`
  const track =
    `${mix},apad=whole_dur=${total.toFixed(3)},atrim=0:${total.toFixed(3)},` +
    `${level},${format}[out]`
  return { inputs, graph: [...placed, track].join(';') }
}

/** What the first pass measured (EBU R128): integrated loudness and true peak. */
function parseLoudness(report: string): { integrated: number; truePeak: number } {
  const summary = report.slice(report.lastIndexOf('Summary:'))
  const integrated = /I:\s+(-?[\d.]+|-inf) LUFS/.exec(summary)?.[1]
  const peak = /Peak:\s+(-?[\d.]+|-inf) dBFS/.exec(summary)?.[1]
  if (integrated === undefined || peak === undefined) throw new Error('ebur128 measured nothing')
  const value = (v: string) => (v === '-inf' ? -Infinity : Number(v))
  return { integrated: value(integrated), truePeak: value(peak) }
}

/**
 * The one gain that brings the track to the target, and a limiter (delay compensated, so
 * speech stays on time) only when that gain would push a peak over TRUE_PEAK. Silence, below
 * R128's absolute gate, is left alone.
 */
function levelFilter(loudness: { integrated: number; truePeak: number }): string {
  if (!(loudness.integrated > -70)) return 'anull'
  const gain = NARRATION_TARGET_LUFS - loudness.integrated
  const volume = `volume=${gain.toFixed(2)}dB`
  if (loudness.truePeak + gain <= TRUE_PEAK) return volume
  const limit = (10 ** (TRUE_PEAK / 20)).toFixed(4)
  return `${volume},alimiter=limit=${limit}:level=false:latency=true`
}

/**
 * Builds the narration track: one mono WAV at 48 kHz as long as the video, each slide's speech
 * starting exactly at its slide's start, levelled to NARRATION_TARGET_LUFS integrated. Two
 * passes: the first measures the placed track (ebur128), the second applies one gain to it all
 * (linear: speech keeps its dynamics). loudnorm's own first pass was measured here 1.8 LU off
 * on tracks of a few seconds, and its second pass then lands that far from the target; ebur128
 * is the meter players and the tests read.
 */
export async function buildNarrationTrack(opts: {
  parts: readonly NarrationPart[]
  /** The video's length, seconds. */
  total: number
  outFile: string
  tools?: MediaTools
  signal?: AbortSignal
}): Promise<void> {
  const { parts, total, outFile, signal } = opts
  if (parts.length === 0) throw new Error('a narration track needs speech')
  const ffmpeg = (opts.tools ?? DEFAULT_TOOLS).ffmpeg
  // framelog=verbose keeps the per-frame lines out of the report: only the summary is printed.
  const measure = narrationGraph(parts, total, 'ebur128=peak=true:framelog=verbose')
  const report = await runToolReport(
    ffmpeg,
    [
      ...['-hide_banner', '-nostats', ...measure.inputs, '-filter_complex', measure.graph],
      ...['-map', '[out]', '-f', 'null', '-'],
    ],
    { signal },
  )
  const apply = narrationGraph(parts, total, levelFilter(parseLoudness(report)))
  await runTool(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', ...apply.inputs],
      ...['-filter_complex', apply.graph, '-map', '[out]'],
      ...['-c:a', 'pcm_s16le', '-ar', String(NARRATION_SAMPLE_RATE), '-f', 'wav', outFile],
    ],
    { signal },
  )
}
