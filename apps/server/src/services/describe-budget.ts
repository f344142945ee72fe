import { probeMedia } from '@storyreel/render/server'
import { storageKeys } from '../adapters/storage/storage'
import { AppError } from '../http/app-error'
import { withFileSource } from '../lib/file-source'
import { walkContainer } from '../lib/media-container'
import type { MediaRow, UploadDeps } from './uploads'

/**
 * The decoding one describe request may ask for, in pixels decoded at full size (decodeWork):
 * fifty 12 MP PNGs or fifty 40 MP JPEGs, thirty-six 1080p clips, fifteen 40 MP GIFs. Fifty of
 * the largest GIFs took 19 s of CPU; each request now stays under 6 s.
 */
export const DESCRIBE_BUDGET_PIXELS = 600_000_000

/**
 * The decoding work of describing a file of this type and size, in full-size pixels. A JPEG is
 * shrunk while it is decoded (a 40 MP JPEG's sample took a quarter of the CPU of the same
 * picture as PNG); a clip's analysis decodes up to a second of frames to reach the one it looks
 * at (a 1080p clip's took the CPU of a 16 MP PNG's).
 */
export function decodeWork(mime: string, width: number, height: number): number {
  const pixels = width * height
  if (mime === 'image/jpeg') return pixels / 4
  if (mime === 'video/mp4') return pixels * 8
  return pixels
}

/** A picture's size from its header, a clip's from ffprobe (which checks all its frames). */
async function sizeOf(file: string, row: MediaRow, deps: UploadDeps) {
  if (row.kind === 'video') return probeMedia(file, deps.tools)
  const info = await withFileSource(file, (source) => walkContainer(source, row.mime))
  return info.dimensions ?? { width: 0, height: 0 }
}

/**
 * Refuses, before any decoding, a describe of stored files whose work together is over the
 * budget (msg_too_much_to_describe), or that holds a file that cannot be measured
 * (msg_unsupported_file): the upload check passed it, so its stored file has changed since.
 */
export async function checkDescribeBudget(rows: MediaRow[], deps: UploadDeps): Promise<void> {
  let work = 0
  for (const row of rows) {
    const file = await deps.storage.localPath(storageKeys.upload(row.userId, row.name))
    const { width, height } = await sizeOf(file, row, deps).catch(() => {
      throw new AppError('msg_unsupported_file')
    })
    work += decodeWork(row.mime, width, height)
    if (work > DESCRIBE_BUDGET_PIXELS) throw new AppError('msg_too_much_to_describe')
  }
}
