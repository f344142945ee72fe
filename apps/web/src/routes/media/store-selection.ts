import type { MediaFile } from '@storyreel/core'

/** Where one chosen stock item is on its way into the library. */
export type SaveState = 'saving' | 'saved' | 'failed'

export interface StoreOptions {
  /** Copies a stock file into the library (POST /media/download) and answers the stored file. */
  download: (url: string, name: string) => Promise<MediaFile>
  onProgress: (name: string, state: SaveState) => void
  /** Stock items stored by an earlier try, by their stock name: they are not copied again. */
  stored: Map<string, MediaFile>
  /** Downloads at once: a few, as the server limits each user's downloads per minute. */
  concurrency?: number
}

/**
 * Makes every chosen file a library file, in the selection's order: uploads are already stored;
 * stock items are copied (their video file for a clip). Every item is tried; when any failed,
 * the first failure is thrown once all are done, and the ones stored stay in `stored` for a retry.
 */
export async function storeSelection(
  selection: readonly MediaFile[],
  { download, onProgress, stored, concurrency = 3 }: StoreOptions,
): Promise<MediaFile[]> {
  const results: (MediaFile | null)[] = selection.map((file) =>
    file.isExternalProvider ? (stored.get(file.name) ?? null) : file,
  )
  const todo = selection.flatMap((file, index) => (results[index] ? [] : [index]))
  const failures: unknown[] = []

  async function worker() {
    for (let index = todo.shift(); index !== undefined; index = todo.shift()) {
      const file = selection[index]!
      onProgress(file.name, 'saving')
      try {
        const saved = await download(file.videoPath ?? file.path, file.name)
        stored.set(file.name, saved)
        results[index] = saved
        onProgress(file.name, 'saved')
      } catch (error) {
        failures.push(error)
        onProgress(file.name, 'failed')
      }
    }
  }

  await Promise.all(Array.from({ length: Math.min(concurrency, todo.length) }, worker))
  if (failures.length > 0) throw failures[0]
  return results as MediaFile[]
}
