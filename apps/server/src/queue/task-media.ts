import type { Composition } from '@storyreel/core'
import { storageKeys, type Storage } from '../adapters/storage/storage'

/** A slide's media is gone from storage: no retry brings it back. */
export class MediaMissing extends Error {}

/** Local paths of the slides' media (the user's uploads); a missing file fails the run. */
export async function fetchMedia(
  deps: { storage: Storage },
  task: { userId: string },
  composition: Composition,
) {
  const media = new Map<string, string>()
  for (const slide of composition.composition) {
    const key = storageKeys.upload(task.userId, slide.filename)
    if ((await deps.storage.size(key)) === null) {
      throw new MediaMissing(`media file ${slide.filename} is missing`)
    }
    media.set(slide.filename, await deps.storage.localPath(key))
  }
  return media
}
