import { fileTypeFromBuffer, fileTypeFromFile } from 'file-type'
import type { MediaKind } from '@storyreel/core'

export interface MediaType {
  mime: string
  kind: MediaKind
  /** Extensions a file of this type may carry; the first is used when the name's is wrong. */
  extensions: string[]
}

/** The upload types of SPEC section 5, by the MIME type the `file-type` library detects. */
const ACCEPTED: Record<string, MediaType> = {
  'image/png': { mime: 'image/png', kind: 'image', extensions: ['.png'] },
  'image/jpeg': { mime: 'image/jpeg', kind: 'image', extensions: ['.jpg', '.jpeg'] },
  'image/gif': { mime: 'image/gif', kind: 'image', extensions: ['.gif'] },
  'image/webp': { mime: 'image/webp', kind: 'image', extensions: ['.webp'] },
  'video/mp4': { mime: 'video/mp4', kind: 'video', extensions: ['.mp4'] },
}

const accepted = (detected: { mime: string } | undefined) =>
  (detected && ACCEPTED[detected.mime]) ?? null

/**
 * The file's real type from its content, whatever its name says (HEIC, QuickTime and text are
 * refused). Null for anything that is not one of the accepted upload types.
 */
export async function detectMediaType(file: string): Promise<MediaType | null> {
  return accepted(await fileTypeFromFile(file))
}

export async function detectMediaTypeOf(bytes: Uint8Array): Promise<MediaType | null> {
  return accepted(await fileTypeFromBuffer(bytes))
}

/** Keeps the original extension when it fits the real type, else the type's own. */
export function storedExtension(originalName: string, type: MediaType): string {
  const dot = originalName.lastIndexOf('.')
  const ext = dot >= 0 ? originalName.slice(dot).toLowerCase() : ''
  return type.extensions.includes(ext) ? ext : type.extensions[0]!
}
