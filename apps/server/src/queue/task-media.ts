import { and, eq } from 'drizzle-orm'
import { isBuiltInTrack, NARRATION_TARGET_LUFS, type Composition } from '@storyreel/core'
import type { MusicBed } from '@storyreel/render/server'
import { builtInTrackFile } from '../adapters/music/built-in-music'
import { storageKeys, type Storage } from '../adapters/storage/storage'
import type { Db } from '../db/client'
import { media } from '../db/schema'

/** A slide's media is gone from storage: no retry brings it back. */
export class MediaMissing extends Error {}

/** The music is gone from the user's library, or no decoder can play it: no retry helps. */
export class MusicUnusable extends Error {}

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

/**
 * The music bed the composition asks for, or null for none (Off, or a volume of 0): a built-in
 * track from the server's own files (made at the narration's loudness), or an audio file from
 * the task's user's own uploads, like the slides' media: another user's name is not found there.
 * A user's file is levelled by the loudness measured when it was uploaded, the number the
 * editor's preview uses too.
 */
export async function fetchMusic(
  deps: { storage: Storage; db: Db },
  task: { userId: string },
  composition: Composition,
): Promise<MusicBed | null> {
  const music = composition.movieParams.music
  if (!music || music.volume === 0) return null
  if (isBuiltInTrack(music.track)) {
    return {
      file: await builtInTrackFile(music.track),
      volume: music.volume,
      integrated: NARRATION_TARGET_LUFS,
    }
  }
  const key = storageKeys.upload(task.userId, music.track)
  if ((await deps.storage.size(key)) === null) {
    throw new MusicUnusable(`music file ${music.track} is missing`)
  }
  const [row] = await deps.db
    .select({ loudness: media.loudness })
    .from(media)
    .where(and(eq(media.userId, task.userId), eq(media.name, music.track)))
  return {
    file: await deps.storage.localPath(key),
    volume: music.volume,
    ...(row?.loudness != null && { integrated: row.loudness }),
  }
}
