import { uploadUrl } from '@storyreel/core'
import type { MediaFile } from '@storyreel/core'
import { apiUrl } from '../../config'
import { previewSrc } from '../../lib/files'

/** A slide's picture for its thumbnail: the file's small copy when the app knows the file. */
export function thumbnailSrc(filename: string, files: readonly MediaFile[]): string {
  const file = files.find((f) => f.name === filename)
  return file ? previewSrc(file) : apiUrl(uploadUrl(filename))
}

/** A clip has no still to show in a thumbnail. */
export const isClip = (filename: string) => /\.mp4$/i.test(filename)
