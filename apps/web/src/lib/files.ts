import { UPLOAD_RULES } from '@storyreel/core'
import type { MediaFile } from '@storyreel/core'
import { randomId } from './random-id'

/** The accept attribute of the file picker. */
export const ACCEPT = [...UPLOAD_RULES.acceptedTypes, ...UPLOAD_RULES.acceptedExtensions].join(',')

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot === -1 ? '' : name.slice(dot).toLowerCase()
}

/** Accepted files are renamed to a random unique id plus the original extension (SPEC 5). */
export function renameForUpload(file: File): File {
  return new File([file], `${randomId()}${extensionOf(file.name)}`, {
    type: file.type,
    lastModified: file.lastModified,
  })
}

/** Where a stored upload is served, for media that came without a path. */
export function uploadUrl(name: string): string {
  return `/api/web/tasks/user/uploads/${encodeURIComponent(name)}`
}

/** The image to show for a stored file: its small copy when there is one. */
export function previewSrc(file: MediaFile): string {
  return file.type === 'image' ? (file.compressedUrl ?? file.path) : file.path
}
