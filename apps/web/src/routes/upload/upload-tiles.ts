import { previewSrc } from '../../lib/files'
import type { StoryState } from '../../lib/store'

/** A file on the page: uploaded already, or picked and waiting for Compose. */
export interface Tile {
  key: string
  label: string
  kind: 'image' | 'video'
  src: string
  remove: () => void
}

/** The story's files in the order they play: the uploaded ones, then those picked since. */
export function tilesOf(story: StoryState): Tile[] {
  return [
    ...story.uploadedFiles.map((file) => ({
      key: file.name,
      label: file.name,
      kind: file.type,
      src: previewSrc(file),
      remove: () => story.removeUploadedFile(file.name),
    })),
    ...story.pendingFiles.map((pending) => ({
      key: pending.id,
      label: pending.label,
      kind: pending.kind,
      src: pending.previewUrl,
      remove: () => story.removePendingFile(pending.id),
    })),
  ]
}

/** How many photos and clips there are, as '3 photos · 1 clip'. */
export function mediaCount(tiles: readonly Pick<Tile, 'kind'>[]): string {
  const videoCount = tiles.filter((tile) => tile.kind === 'video').length
  const photoCount = tiles.length - videoCount
  return [
    photoCount > 0 && `${photoCount} ${photoCount === 1 ? 'photo' : 'photos'}`,
    videoCount > 0 && `${videoCount} ${videoCount === 1 ? 'clip' : 'clips'}`,
  ]
    .filter(Boolean)
    .join(' · ')
}
