import { DEFAULT_TRANSITION, MAX_SLIDE_SECONDS, UI_TEXT, mediaApi } from '@storyreel/core'
import type { ImageDescription, MediaFile, Slide } from '@storyreel/core'
import { ApiError, callApi } from '../../lib/api'
import { mediaFileOf } from '../../lib/files'
import { slideIdOf } from './editor-doc'

/** A picture added in the editor shows this long, like the composer's (4 s). */
export const NEW_PICTURE_SECONDS = 4

/**
 * The slide of a file added to the editor from /media (uploaded there, or picked): its clip's
 * length, when known, or 4 s, dissolving into a slide after it as the composer's slides do.
 */
export function slideFor(file: MediaFile, clipSeconds: number | null): Slide {
  const seconds =
    file.type === 'video' && clipSeconds
      ? Math.min(MAX_SLIDE_SECONDS, Math.max(1, Math.round(clipSeconds * 10) / 10))
      : NEW_PICTURE_SECONDS
  return {
    id: slideIdOf(file.name),
    filename: file.name,
    duration: seconds,
    effects: [],
    transition: { ...DEFAULT_TRANSITION },
  }
}

export interface UploadedMedia {
  files: MediaFile[]
  descriptions: Record<string, ImageDescription>
}

/**
 * Stores files picked on the device (already checked and renamed) in the user's library through
 * describe, as the upload screen does: /media's upload while adding slides to a video.
 */
export async function uploadToLibrary(files: File[], suggestion: string): Promise<UploadedMedia> {
  const form = new FormData()
  form.append('suggestion', suggestion)
  for (const file of files) form.append('files', file, file.name)
  const answer = await callApi(mediaApi.describe, { body: form })
  if (answer.descriptions.length !== files.length) {
    throw new ApiError(UI_TEXT.failedDescriptions, 500)
  }
  const uploaded: UploadedMedia = { files: [], descriptions: {} }
  for (const description of answer.descriptions) {
    const file = mediaFileOf(description)
    uploaded.files.push(file)
    uploaded.descriptions[file.name] = description
  }
  return uploaded
}
