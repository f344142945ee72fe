import type { ImageDescription } from '@storyreel/core'
import type { AiCall, AiEngine } from '../adapters/ai/ai'
import { storageKeys } from '../adapters/storage/storage'
import { ensurePreview, toMediaFile, type MediaRow, type UploadDeps } from './uploads'

/**
 * Describes stored media for the composer, in order, each with its library entry: the local
 * analysis, plus what a vision model sees when the AI engine has one (the suggestion tells it
 * what the video is about). Throws when a file cannot be decoded.
 */
export async function describeUploads(
  rows: MediaRow[],
  suggestion: string,
  deps: UploadDeps & { ai: AiEngine },
  call: AiCall,
): Promise<ImageDescription[]> {
  const media = []
  for (const row of rows) {
    const file = await deps.storage.localPath(storageKeys.upload(row.userId, row.name))
    // A clip's still is its preview frame: vision models read pictures only.
    const still = async () =>
      row.kind === 'video' ? deps.storage.localPath(await ensurePreview(row, deps)) : file
    media.push({ file, filename: row.name, kind: row.kind, still })
  }
  const descriptions = await deps.ai.describe(media, suggestion, call)
  return descriptions.map((d, i) => ({ ...d, mediaFile: toMediaFile(rows[i]!) }))
}
