import { createReadStream } from 'node:fs'
import { copyFile, mkdir, rename, rm, stat } from 'node:fs/promises'
import path from 'node:path'
import type { Storage } from './storage'

function safeJoin(root: string, key: string): string {
  const full = path.resolve(root, key)
  if (!full.startsWith(root + path.sep)) throw new Error(`storage key escapes its root: ${key}`)
  return full
}

/** The default store: a folder on this machine (DATA_DIR/files). */
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
