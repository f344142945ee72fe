import { UI_TEXT, UPLOAD_RULES, isAcceptedUpload, uploadUrl } from '@storyreel/core'
import type { ImageDescription, MediaFile } from '@storyreel/core'
import { apiUrl } from '../config'
import { randomId } from './random-id'

/** The accept attribute of the file picker. */
export const ACCEPT = [...UPLOAD_RULES.acceptedTypes, ...UPLOAD_RULES.acceptedExtensions].join(',')

export function extensionOf(name: string): string {
  const dot = name.lastIndexOf('.')
  return dot === -1 ? '' : name.slice(dot).toLowerCase()
}

/**
 * The picked files (or a photo taken) the app takes (SPEC section 5), telling `onError` when
 * none were picked or some were refused.
 */
export function acceptedUploads(
  list: ArrayLike<File> | null,
  onError: (text: string) => void,
): File[] {
  const files = Array.from(list ?? [])
  if (files.length === 0) {
    onError(UI_TEXT.noFilesSelected)
    return []
  }
  const accepted = files.filter((file) => isAcceptedUpload(file))
  if (accepted.length < files.length) onError(UI_TEXT.unsupportedFiles)
  return accepted
}

/** Accepted files are renamed to a random unique id plus the original extension (SPEC 5). */
export function renameForUpload(file: File): File {
  return new File([file], `${randomId()}${extensionOf(file.name)}`, {
    type: file.type,
    lastModified: file.lastModified,
  })
}

/** The image to show for a stored file: its small copy when there is one. */
export function previewSrc(file: MediaFile): string {
  return apiUrl(file.type === 'image' ? (file.compressedUrl ?? file.path) : file.path)
}

/** The stored file a describe answer is about (older answers carry only its name). */
export function mediaFileOf(description: ImageDescription): MediaFile {
  return (
    description.mediaFile ?? {
      name: description.filename,
      path: uploadUrl(description.filename),
      type: description.kind,
      compressedUrl: null,
      isExternalProvider: false,
      videoPath: null,
      lastModified: new Date().toISOString(),
    }
  )
}
