import { createReadStream } from 'node:fs'
import { mkdir, rename, rm, stat, copyFile } from 'node:fs/promises'
import path from 'node:path'
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

function safeJoin(root: string, key: string): string {
  const full = path.resolve(root, key)
  if (!full.startsWith(root + path.sep)) throw new Error(`storage key escapes its root: ${key}`)
  return full
}

export function localStorage(root: string): Storage {
  const abs = path.resolve(root)
  return {
    async putFile(key, localFile) {
      const target = safeJoin(abs, key)
      await mkdir(path.dirname(target), { recursive: true })
      try {
        await rename(localFile, target)
      } catch (err) {
        if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err
        // Across file systems: copy beside the target, then rename, so it still appears whole.
        const tmp = `${target}.partial`
        await copyFile(localFile, tmp)
        await rename(tmp, target)
        await rm(localFile, { force: true })
      }
    },
    async localPath(key) {
      return safeJoin(abs, key)
    },
    read(key, range) {
      return createReadStream(safeJoin(abs, key), range)
    },
    async size(key) {
      try {
        return (await stat(safeJoin(abs, key))).size
      } catch {
        return null
      }
    },
    async delete(key) {
      await rm(safeJoin(abs, key), { force: true })
    },
    async deletePrefix(prefix) {
      await rm(safeJoin(abs, prefix), { recursive: true, force: true })
    },
  }
}

export const storageKeys = {
  upload: (userId: string, name: string) => `uploads/${userId}/${name}`,
  taskDir: (taskId: string) => `renders/${taskId}`,
  result: (taskId: string) => `renders/${taskId}/video.mp4`,
  thumbnail: (taskId: string) => `renders/${taskId}/thumbnail.jpg`,
}
