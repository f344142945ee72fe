import { levelFilter, MEASURE_LOUDNESS, parseLoudness } from './loudness'
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
  const measure = narrationGraph(parts, total, MEASURE_LOUDNESS)
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
