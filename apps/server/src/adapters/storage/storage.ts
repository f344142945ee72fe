import type { Readable } from 'node:stream'

/**
 * Where files live: uploads, renders, thumbnails. Keys are slash-separated paths like
 * `uploads/{userId}/{name}`. The local directory is the default; an object store can stand in
 * when several machines share the files.
 */
export interface Storage {
  /** Moves a finished local file in under key, atomically: readers never see half a file. */
  putFile(key: string, localFile: string): Promise<void>
  /** A local path to read the file from (the file itself for the local store). */
  localPath(key: string): Promise<string>
  read(key: string, range?: { start: number; end: number }): Readable
  size(key: string): Promise<number | null>
  delete(key: string): Promise<void>
  /** Deletes every key under a prefix. */
  deletePrefix(prefix: string): Promise<void>
}

export const storageKeys = {
  upload: (userId: string, name: string) => `uploads/${userId}/${name}`,
  /** An upload's small WebP preview, beside it under its own prefix. */
  preview: (userId: string, name: string) => `previews/${userId}/${name}.webp`,
  taskDir: (taskId: string) => `renders/${taskId}`,
  result: (taskId: string) => `renders/${taskId}/video.mp4`,
  thumbnail: (taskId: string) => `renders/${taskId}/thumbnail.jpg`,
  /** The narration's WebVTT captions, only for a narrated render. */
  captions: (taskId: string) => `renders/${taskId}/captions.vtt`,
  /** A split render's plan and segments, until they are joined (decision 016). */
  split: (taskId: string) => `renders/${taskId}/split`,
  /**
   * A text spoken for one user by one voice of one engine (sha256 of the text): `.mp3` and
   * `.json`. Per user, so that nobody is answered from another user's entry.
   */
  speech: (userId: string, engine: string, voice: string, textHash: string, ext: 'mp3' | 'json') =>
    `speech/${userId}/${engine}/${voice}/${textHash}.${ext}`,
}
