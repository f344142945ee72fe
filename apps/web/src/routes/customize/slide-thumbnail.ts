import { uploadPreviewUrl, uploadUrl } from '@storyreel/core'
import type { MediaFile } from '@storyreel/core'
import { apiUrl } from '../../config'
import { previewSrc } from '../../lib/files'

/** A clip slide: its thumbnail is a still frame of it, with a clip badge. */
export const isClip = (filename: string) => /\.mp4$/i.test(filename)

/**
 * A slide's picture for its thumbnail: the file's small copy when the app knows the file; for a
 * clip, the still frame the server makes of it (its upload preview).
 */
export function thumbnailSrc(filename: string, files: readonly MediaFile[]): string {
  if (isClip(filename)) return apiUrl(uploadPreviewUrl(filename))
  const file = files.find((f) => f.name === filename)
  return file ? previewSrc(file) : apiUrl(uploadUrl(filename))
}
