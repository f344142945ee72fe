import { MAX_SLIDES } from '@storyreel/core'
import type { Composition, MediaFile } from '@storyreel/core'

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
