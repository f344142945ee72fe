import { DEFAULT_TOOLS, runTool, type MediaTools } from './run-tool'

export interface MediaInfo {
  width: number
  height: number
  /** Seconds; 0 for a still image. */
  duration: number
  hasAudio: boolean
}

/** Size, duration and audio presence of an image or video file, via ffprobe. */
export async function probeMedia(
  path: string,
  tools: MediaTools = DEFAULT_TOOLS,
): Promise<MediaInfo> {
  const stdout = await runTool(tools.ffprobe, [
    '-v',
    'error',
    '-show_entries',
    'stream=codec_type,width,height:stream_side_data=rotation:format=duration',
    '-of',
    'json',
    path,
  ]).catch((e: Error) => {
    throw new Error(`cannot read media ${path}: ${e.message}`)
  })
  const info = JSON.parse(stdout.toString()) as {
    streams?: {
      codec_type: string
      width?: number
      height?: number
      side_data_list?: { rotation?: number }[]
    }[]
    format?: { duration?: string }
  }
  const video = info.streams?.find((s) => s.codec_type === 'video')
  if (!video?.width || !video.height) throw new Error(`no picture in media ${path}`)
  // Phone videos store portrait as landscape plus a rotation; ffmpeg applies it when decoding.
  const rotated =
    Math.abs(video.side_data_list?.find((d) => d.rotation !== undefined)?.rotation ?? 0) % 180 ===
    90
  return {
    width: rotated ? video.height : video.width,
    height: rotated ? video.width : video.height,
    duration: Number(info.format?.duration ?? 0) || 0,
    hasAudio: info.streams?.some((s) => s.codec_type === 'audio') ?? false,
  }
}
