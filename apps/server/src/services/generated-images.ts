import { randomUUID } from 'node:crypto'
import { mkdir, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { keepFile, removeMedia, type MediaRow, type UploadDeps } from './uploads'

/**
 * Keeps generated images in the user's library exactly like uploads (keepFile: type, pixel and
 * quota checks, previews), all or none: if one is refused (a full library), the ones already
 * kept are removed again, as a refused upload request does.
 */
export async function keepGeneratedImages(
  images: Buffer[],
  userId: string,
  deps: UploadDeps,
): Promise<MediaRow[]> {
  await mkdir(deps.tmpDir, { recursive: true })
  const rows: MediaRow[] = []
  try {
    for (const [index, bytes] of images.entries()) {
      const tmp = path.join(deps.tmpDir, randomUUID())
      try {
        await writeFile(tmp, bytes)
        // keepFile names the stored file by the type it finds; this name is the original's.
        rows.push(await keepFile(tmp, `generated-${index + 1}.png`, userId, deps))
      } finally {
        await rm(tmp, { force: true })
      }
    }
  } catch (err) {
    await removeMedia(rows, deps)
    throw err
  }
  return rows
}
