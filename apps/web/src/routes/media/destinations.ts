import { MAX_SLIDES, MAX_SLIDE_SECONDS, newEffect } from '@storyreel/core'
import type { Composition, MediaFile, Slide } from '@storyreel/core'
import { NEW_PICTURE_SECONDS } from '../customize/add-media'
import { slideIdOf } from '../customize/editor-doc'

/**
 * Where 'Go back' leads (SPEC section 2): the editor when there is a composition, else the upload
 * step when a ratio is chosen, else the start.
 */
export function backPath(story: {
  composition: Composition | null
  ratio: string | null
}): '/customize' | '/upload' | '/format' {
  if (story.composition) return '/customize'
  return story.ratio ? '/upload' : '/format'
}

/** Where new media is picked from the device: /upload, which needs a ratio chosen first. */
export function uploadPath(ratio: string | null): '/upload' | '/format' {
  return ratio ? '/upload' : '/format'
}

/** The files on /upload with the chosen ones after them; one already there is not added twice. */
export function mergeFiles(
  existing: readonly MediaFile[],
  added: readonly MediaFile[],
): MediaFile[] {
  const names = new Set(existing.map((file) => file.name))
  const merged = [...existing]
  for (const file of added) {
    if (names.has(file.name)) continue
    names.add(file.name)
    merged.push(file)
  }
  return merged
}

/** How many more slides the composition can take. */
export function slideRoom(composition: Composition): number {
  return Math.max(0, MAX_SLIDES - composition.composition.length)
}

/**
 * The slide of a library file added to the editor: the rule of the editor's own 'Add more media'
 * (customize/add-media.ts slideFor: the clip's length, else 4 s, fading in and out). slideFor
 * takes what describe found in the file, which a library file picked here has not been through;
 * a clip's length is read from the file by the browser instead.
 */
export function slideOf(file: MediaFile, clipSeconds: number | null): Slide {
  const seconds =
    file.type === 'video' && clipSeconds
      ? Math.min(MAX_SLIDE_SECONDS, Math.max(1, Math.round(clipSeconds * 10) / 10))
      : NEW_PICTURE_SECONDS
  return {
    id: slideIdOf(file.name),
    filename: file.name,
    duration: seconds,
    effects: [newEffect('fade')],
  }
}
