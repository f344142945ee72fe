import { truncate } from 'node:fs/promises'
import { UPLOAD_RULES } from '@storyreel/core'
import { probeMedia, type MediaTools } from '@storyreel/render/server'
import { AppError } from '../http/app-error'
import { MalformedMedia } from '../lib/byte-reader'
import { withFileSource } from '../lib/file-source'
import { walkContainer } from '../lib/media-container'
import type { MediaType } from '../lib/media-type'

/** Probing reads headers only; a file that keeps it busy longer is not one we want. */
const PROBE_TIMEOUT_MS = 15_000

/**
 * A clip over the side or length limits, or whose streams announce a larger frame anywhere
 * (probeMedia reads every parameter set), or whose headers cannot be read, is refused.
 */
async function checkClip(file: string, tools: MediaTools) {
  const signal = AbortSignal.timeout(PROBE_TIMEOUT_MS)
  const clip = await probeMedia(file, tools, { signal }).catch(() => null)
  const { maxVideoSide, maxVideoSeconds } = UPLOAD_RULES
  const fits =
    clip &&
    Math.max(clip.width, clip.height) <= maxVideoSide &&
    clip.duration > 0 &&
    clip.duration <= maxVideoSeconds
  if (!fits) throw new AppError('msg_unsupported_file')
}

/**
 * Checks an upload in its temporary file before it is kept, without decoding a pixel: walks its
 * container to its real end and cuts off whatever follows, refuses a picture whose header
 * declares more than UPLOAD_RULES.maxImagePixels, and a clip over the side or length limits in
 * any of its frames. Returns the file's size after the cut: what it takes in storage.
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
