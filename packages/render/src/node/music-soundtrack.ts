import {
  musicEnvelope,
  NARRATION_TARGET_LUFS,
  type GainPoint,
  type SpeechSpan,
} from '@storyreel/core'
import {
  levelFilter,
  MEASURE_LOUDNESS,
  parseLoudness,
  PEAK_LIMITER,
  type Loudness,
} from './loudness'
import { NARRATION_SAMPLE_RATE } from './narration-track'
import { DEFAULT_TOOLS, runTool, runToolReport, type MediaTools } from './run-tool'

/** The music under a video: its file and the user's volume (core's MusicSchema). */
export interface MusicBed {
  /** Any audio ffmpeg reads; looped or cut to the video. */
  file: string
  volume: number
  /**
   * The file's loudness when known (the built-in tracks are made at NARRATION_TARGET_LUFS);
   * measured when absent, so a user's own file plays at the same level as a built-in track.
   */
  integrated?: number
}

/** The music's gain between frames of 10 ms: steps of the envelope no one hears. */
const ENVELOPE_STEP_SAMPLES = NARRATION_SAMPLE_RATE / 100

/**
 * Segments of the envelope one volume filter holds: ffmpeg refuses an expression much past 100
 * of them (about 5,000 characters: 25 sentences ducked apart) with "Cannot allocate memory".
 */
const SEGMENTS_PER_FILTER = 40

/**
 * The envelope as expressions of `t` for ffmpeg's volume filters in a row: linear between its
 * points, its last gain after the last. Each expression holds SEGMENTS_PER_FILTER segments and is
 * 1 outside them, so the filters' product is the envelope however many sentences the video has;
 * each segment is one product of its own window.
 */
export function envelopeExpressions(points: readonly GainPoint[]): string[] {
  const n = (v: number) => v.toFixed(4)
  const expressions: string[] = []
  for (let from = 0; from === 0 || from < points.length - 1; from += SEGMENTS_PER_FILTER) {
    const part = points.slice(from, from + SEGMENTS_PER_FILTER + 1)
    const terms: string[] = []
    for (let k = 0; k + 1 < part.length; k++) {
      const a = part[k]!
      const b = part[k + 1]!
      if (b.time <= a.time) continue
      const slope = (b.gain - a.gain) / (b.time - a.time)
      terms.push(
        `gte(t,${n(a.time)})*lt(t,${n(b.time)})*(${n(a.gain)}+${n(slope)}*(t-${n(a.time)}))`,
      )
    }
    const last = part.at(-1)
    if (from > 0) terms.push(`lt(t,${n(part[0]!.time)})`)
    if (last && from + SEGMENTS_PER_FILTER >= points.length - 1) {
      terms.push(`gte(t,${n(last.time)})*${n(last.gain)}`)
    } else if (last) terms.push(`gte(t,${n(last.time)})`)
    expressions.push(terms.length > 0 ? terms.join('+') : '0')
  }
  return expressions
}

const STEREO = `aresample=${NARRATION_SAMPLE_RATE},aformat=sample_fmts=fltp:channel_layouts=stereo`

/**
 * Measures a music file's loudness as the mix hears it (stereo at the mix's rate: a mono file
 * counts both speakers). The upload of a user's file measures it with this once, so the
 * editor's preview and the render bring it to the same level.
 */
export const MEASURE_MUSIC = `${STEREO},${MEASURE_LOUDNESS}`

/**
 * The graph of the soundtrack with music: the music looped from the start (input 0, read with
 * -stream_loop), cut to the video, brought to NARRATION_TARGET_LUFS by `musicGain` dB, shaped
 * by the envelope (fades, the user's volume, ducking under speech), with the narration (input
 * 1) over it when there is one, then `level`; its output is labelled [out].
 */
function soundtrackGraph(opts: {
  total: number
  musicGain: number
  envelope: readonly GainPoint[]
  narrated: boolean
  level: string
}): string {
  const length = opts.total.toFixed(3)
  const bed =
    `[0:a]${STEREO},atrim=0:${length},asetpts=PTS-STARTPTS,apad=whole_dur=${length},` +
    `volume=${opts.musicGain.toFixed(2)}dB,asetnsamples=n=${ENVELOPE_STEP_SAMPLES}:p=0,` +
    envelopeExpressions(opts.envelope)
      .map((e) => `volume='${e}':eval=frame`)
      .join(',')
  const out = `${opts.level},${STEREO}[out]`
  if (!opts.narrated) return `${bed},${out}`
  return `${bed}[bed];[1:a]${STEREO}[voice];[voice][bed]amix=inputs=2:normalize=0:duration=first,${out}`
}

/** The loudness a graph measured with MEASURE_LOUDNESS before its [out]. */
async function measure(
  ffmpeg: string,
  inputs: string[],
  graph: string,
  signal?: AbortSignal,
): Promise<Loudness> {
  const report = await runToolReport(
    ffmpeg,
    [
      ...['-hide_banner', '-nostats', ...inputs],
      ...['-filter_complex', graph],
      ...['-map', '[out]', '-f', 'null', '-'],
    ],
    { signal },
  )
  return parseLoudness(report)
}

/**
 * Builds the soundtrack of a video with music: one stereo WAV at 48 kHz as long as the video,
 * the narration track (levelled, as long as the video) over the music bed, whose gain follows
 * core's musicEnvelope with the slides' speech, so the render sounds as the editor's preview
 * does. Narrated, the whole is levelled to NARRATION_TARGET_LUFS integrated (true peak at most
 * TRUE_PEAK) in two passes like the narration track; music alone plays at the user's volume of
 * its levelled loudness, its peaks held at TRUE_PEAK, in one pass. All of it is mixed once,
 * before the frames: the render's encoder only reads one more file.
 */
export async function buildMusicSoundtrack(opts: {
  music: MusicBed
  /** The narration track (buildNarrationTrack), or null for a video without speech. */
  narration: string | null
  /** Where the voice speaks, seconds: the music ducks under these. */
  speech: readonly SpeechSpan[]
  /** The video's length, seconds. */
  total: number
  outFile: string
  tools?: MediaTools
  signal?: AbortSignal
}): Promise<void> {
  const { music, narration, total, signal } = opts
  const ffmpeg = (opts.tools ?? DEFAULT_TOOLS).ffmpeg
  const inputs = ['-stream_loop', '-1', '-i', music.file, ...(narration ? ['-i', narration] : [])]
  const integrated =
    music.integrated ??
    (
      await measure(
        ffmpeg,
        // The part of the file the video plays, at most: a long song is not read to its end.
        ['-t', total.toFixed(3), '-i', music.file],
        `[0:a]${MEASURE_MUSIC}[out]`,
        signal,
      )
    ).integrated
  if (!(integrated > -70)) throw new Error('the music file is silent')
  const shape = {
    total,
    musicGain: NARRATION_TARGET_LUFS - integrated,
    envelope: musicEnvelope({ total, volume: music.volume, speech: opts.speech }),
    narrated: narration !== null,
  }
  // Music alone keeps its level (the user's volume of it): all a measure of the mix could add
  // is the limiter, which leaves the sound under its ceiling as it is, so it is always there
  // and the mix takes one pass of ffmpeg instead of two (about 0.35 s of CPU for 32 s).
  const level = narration
    ? levelFilter(
        await measure(
          ffmpeg,
          inputs,
          soundtrackGraph({ ...shape, level: MEASURE_LOUDNESS }),
          signal,
        ),
      )
    : PEAK_LIMITER
  await runTool(
    ffmpeg,
    [
      ...['-hide_banner', '-loglevel', 'error', '-y', ...inputs],
      ...['-filter_complex', soundtrackGraph({ ...shape, level }), '-map', '[out]'],
      ...['-c:a', 'pcm_s16le', '-ar', String(NARRATION_SAMPLE_RATE), '-f', 'wav', opts.outFile],
    ],
    { signal },
  )
}
