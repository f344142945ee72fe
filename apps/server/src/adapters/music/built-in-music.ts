import { fileURLToPath } from 'node:url'
import type { MusicTrackId } from '@storyreel/core'
import { localStorage } from '../storage/local-storage'

/**
 * The built-in tracks (core's MUSIC_TRACKS): files shipped in the repository beside the server
 * (assets/music, made by scripts/make-music.mjs), read through a read-only use of the local
 * store so the route streams them with ranges like any stored file.
 */
export const builtInMusic = localStorage(
  fileURLToPath(new URL('../../../assets/music/', import.meta.url)),
)

/** A built-in track's key in builtInMusic. */
export const builtInTrackKey = (track: MusicTrackId) => `${track}.m4a`

/** A built-in track's file on this machine. */
export const builtInTrackFile = (track: MusicTrackId) =>
  builtInMusic.localPath(builtInTrackKey(track))
