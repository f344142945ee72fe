import { AUDIO_UPLOAD_RULES } from '@storyreel/core'
import {
  MEASURE_MUSIC,
  parseLoudness,
  runTool,
  runToolReport,
  type MediaTools,
} from '@storyreel/render/server'
import { AppError } from '../http/app-error'

/** Probing reads headers; decoding ten minutes of audio takes a few seconds at most. */
const PROBE_TIMEOUT_MS = 15_000
const DECODE_TIMEOUT_MS = 60_000

/** What ffprobe says of a file: its streams and its length. */
export interface AudioProbe {
  streams?: { codec_type?: string; disposition?: { attached_pic?: number } }[]
  format?: { duration?: string }
}

/**
 * The length in seconds of a file ffprobe found to be music we take, else null: at least one
 * audio stream, no picture track but an album cover, and a length within the upload rules.
 */
export function audioSeconds(probe: AudioProbe): number | null {
  const streams = probe.streams ?? []
  const hasAudio = streams.some((s) => s.codec_type === 'audio')
  const moving = streams.some((s) => s.codec_type === 'video' && s.disposition?.attached_pic !== 1)
  const seconds = Number(probe.format?.duration)
  if (!hasAudio || moving || !Number.isFinite(seconds)) return null
  return seconds > 0 && seconds <= AUDIO_UPLOAD_RULES.maxSeconds ? seconds : null
}

/**
 * Checks an audio upload in its temporary file before it is kept: ffprobe must find music in it
 * (audioSeconds), and ffmpeg must decode its first audio stream to the end without an error, so
 * the render will not fail on it later. That decode also measures its loudness as the mix hears
 * it. Returns its length in seconds and its integrated loudness (LUFS; null when silent).
 */
export async function inspectAudio(
  file: string,
  tools: MediaTools,
): Promise<{ seconds: number; loudness: number | null }> {
  const probe = await runTool(
    tools.ffprobe,
    [
      ...['-v', 'error', '-show_entries', 'stream=codec_type:stream_disposition=attached_pic'],
      ...['-show_entries', 'format=duration', '-of', 'json', file],
    ],
    { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) },
  )
    .then((out) => JSON.parse(out.toString()) as AudioProbe)
    .catch(() => null)
  const seconds = probe && audioSeconds(probe)
  if (!seconds) throw new AppError('msg_unsupported_audio')
  const report = await runToolReport(
    tools.ffmpeg,
    [
      ...['-hide_banner', '-nostats', '-xerror', '-i', file],
      ...['-filter_complex', `[0:a:0]${MEASURE_MUSIC}[out]`, '-map', '[out]', '-f', 'null', '-'],
    ],
    { signal: AbortSignal.timeout(DECODE_TIMEOUT_MS) },
  ).catch(() => {
    throw new AppError('msg_unsupported_audio')
  })
  const { integrated } = parseLoudness(report)
  return { seconds, loudness: integrated > -70 ? Math.round(integrated * 100) / 100 : null }
}
