import { truncate } from 'node:fs/promises'
import { UPLOAD_RULES } from '@storyreel/core'
import { runTool, type MediaTools } from '@storyreel/render/server'
import { AppError } from '../http/app-error'
import { MalformedMedia } from '../lib/byte-reader'
import { withFileSource } from '../lib/file-source'
import { walkContainer } from '../lib/media-container'
import type { MediaType } from '../lib/media-type'

/** ffprobe reads headers only; a file that keeps it busy longer is not one we want. */
const PROBE_TIMEOUT_MS = 15_000

/**
 * A clip's largest picture and its length, from ffprobe, over every video stream: decoders pick
 * the largest stream, not the first.
 */
async function probeClip(file: string, tools: MediaTools) {
  const args = ['-v', 'error', '-select_streams', 'v', '-of', 'json']
  const entries = ['-show_entries', 'stream=width,height:format=duration']
  const stdout = await runTool(tools.ffprobe, [...args, ...entries, file], {
    signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
  })
  const info = JSON.parse(stdout.toString()) as {
    streams?: { width?: number; height?: number }[]
    format?: { duration?: string }
  }
  const streams = info.streams ?? []
  return {
    side: Math.max(0, ...streams.flatMap((s) => [s.width ?? 0, s.height ?? 0])),
    seconds: Number(info.format?.duration),
  }
}

async function checkClip(file: string, tools: MediaTools) {
  const clip = await probeClip(file, tools).catch(() => null)
  const { maxVideoSide, maxVideoSeconds } = UPLOAD_RULES
  const fits =
    clip &&
    clip.side > 0 &&
    clip.side <= maxVideoSide &&
    clip.seconds > 0 &&
    clip.seconds <= maxVideoSeconds
  if (!fits) throw new AppError('msg_unsupported_file')
}

/**
 * Checks an upload in its temporary file before it is kept, without decoding a pixel: walks its
 * container to its real end and cuts off whatever follows, refuses a picture whose header
 * declares more than UPLOAD_RULES.maxImagePixels, and a clip over the side or length limits by
 * ffprobe. Returns the file's size after the cut: what it takes in storage.
 */
export async function inspectUpload(file: string, type: MediaType, tools: MediaTools) {
  const info = await withFileSource(file, async (source) => ({
    ...(await walkContainer(source, type.mime)),
    size: source.size,
  })).catch((err: unknown) => {
    throw err instanceof MalformedMedia ? new AppError('msg_unsupported_file') : err
  })
  if (info.dimensions) {
    const { width, height } = info.dimensions
    if (width * height > UPLOAD_RULES.maxImagePixels) throw new AppError('msg_image_too_large')
  }
  if (info.end < info.size) await truncate(file, info.end)
  if (type.kind === 'video') await checkClip(file, tools)
  return info.end
}
