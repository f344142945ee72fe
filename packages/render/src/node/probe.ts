import { UPLOAD_RULES } from '@storyreel/core'
import { BOUNDED_DECODE, largestAnnouncedSide } from './clip-frames'
import { DEFAULT_TOOLS, runTool, type MediaTools, type RunToolOptions } from './run-tool'

export interface MediaInfo {
  width: number
  height: number
  /** Seconds; 0 for a still image. */
  duration: number
  hasAudio: boolean
  /**
   * For a clip whose stream does not say which YUV matrix its pictures use, the one browsers
   * read it with, so the video shows what the editor showed: BT.709 from 720 coded lines up,
   * BT.601 below (Chromium's rule, measured by e2e/video-colour.test.ts; ffmpeg alone would
   * take BT.601 at every size). Null when the clip says its own, which ffmpeg follows.
   */
  guessedMatrix: 'bt709' | 'bt601' | null
}

/** What ffprobe says of a stream that does not declare its matrix. */
const UNDECLARED = new Set([undefined, 'unknown', 'reserved'])

/**
 * ffmpeg's scale filter to `size` (its options: `w:h`, flags) that also turns the clip's YUV to
 * `format` the way a browser reads it (see guessedMatrix): the conversion must happen in this
 * filter, since one ffmpeg inserts after it would use its own default matrix.
 */
export function scaleToRgb(size: string, info: MediaInfo, format: 'rgba' | 'rgb24'): string {
  const matrix = info.guessedMatrix ? `:in_color_matrix=${info.guessedMatrix}` : ''
  return `scale=${size}${matrix},format=${format}`
}

/**
 * Size, duration, audio presence and colour matrix of a clip, via ffprobe. Rejects a clip any of
 * whose frames would be over UPLOAD_RULES.maxVideoSide on a side, by every size its streams
 * announce (largestAnnouncedSide), not the first frame's alone.
 */
export async function probeMedia(
  path: string,
  tools: MediaTools = DEFAULT_TOOLS,
  opts: RunToolOptions = {},
): Promise<MediaInfo> {
  const stdout = await runTool(
    tools.ffprobe,
    [
      ...['-v', 'error', ...BOUNDED_DECODE],
      '-show_entries',
      'stream=codec_type,codec_name,width,height,color_space:stream_side_data=rotation:format=duration',
      ...['-of', 'json', path],
    ],
    opts,
  ).catch((e: Error) => {
    throw new Error(`cannot read media ${path}: ${e.message}`)
  })
  const info = JSON.parse(stdout.toString()) as {
    streams?: {
      codec_type: string
      codec_name?: string
      width?: number
      height?: number
      color_space?: string
      side_data_list?: { rotation?: number }[]
    }[]
    format?: { duration?: string }
  }
  const videos = info.streams?.filter((s) => s.codec_type === 'video') ?? []
  const video = videos[0]
  if (!video?.width || !video.height) throw new Error(`no picture in media ${path}`)
  const codecs = videos.map((s) => s.codec_name ?? 'unknown')
  const side = await largestAnnouncedSide(path, codecs, tools, opts)
  if (side > UPLOAD_RULES.maxVideoSide) throw new Error(`frames of ${side} px in media ${path}`)
  // Phone videos store portrait as landscape plus a rotation; ffmpeg applies it when decoding.
  const rotated =
    Math.abs(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0) % 180 ===
    90
  return {
    width: rotated ? video.height : video.width,
    height: rotated ? video.width : video.height,
    duration: Number(info.format?.duration ?? 0) || 0,
    hasAudio: info.streams?.some((s) => s.codec_type === 'audio') ?? false,
    guessedMatrix: !UNDECLARED.has(video.color_space)
      ? null
      : video.height >= 720
        ? 'bt709'
        : 'bt601',
  }
}
