import type { MediaKind } from '@storyreel/core'

export interface SniffedType {
  mime: string
  kind: MediaKind
  /** Extensions a file of this type may carry; the first is used when the name's is wrong. */
  extensions: string[]
}

const ascii = (buf: Uint8Array, start: number, end: number) =>
  String.fromCharCode(...buf.subarray(start, end))

/** ISO-BMFF brands that are images or QuickTime, not MP4 video. */
const NOT_MP4_BRANDS = new Set(['heic', 'heix', 'mif1', 'msf1', 'avif', 'avis', 'qt  '])

/**
 * The file's real type from its first bytes (at least 16), whatever its name says.
 * Returns null for anything that is not one of the accepted upload types.
 */
export function sniffMediaType(head: Uint8Array): SniffedType | null {
  if (head.length < 12) return null
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]
  if (png.every((b, i) => head[i] === b)) {
    return { mime: 'image/png', kind: 'image', extensions: ['.png'] }
  }
  if (head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) {
    return { mime: 'image/jpeg', kind: 'image', extensions: ['.jpg', '.jpeg'] }
  }
  const gif = ascii(head, 0, 6)
  if (gif === 'GIF87a' || gif === 'GIF89a') {
    return { mime: 'image/gif', kind: 'image', extensions: ['.gif'] }
  }
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') {
    return { mime: 'image/webp', kind: 'image', extensions: ['.webp'] }
  }
  if (ascii(head, 4, 8) === 'ftyp' && !NOT_MP4_BRANDS.has(ascii(head, 8, 12))) {
    return { mime: 'video/mp4', kind: 'video', extensions: ['.mp4'] }
  }
  return null
}

/** Keeps the original extension when it fits the real type, else the type's own. */
export function storedExtension(originalName: string, type: SniffedType): string {
  const dot = originalName.lastIndexOf('.')
  const ext = dot >= 0 ? originalName.slice(dot).toLowerCase() : ''
  return type.extensions.includes(ext) ? ext : type.extensions[0]!
}
