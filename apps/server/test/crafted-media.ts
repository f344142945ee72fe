import { execFileSync } from 'node:child_process'
import { crc32, deflateSync } from 'node:zlib'

/** One PNG chunk: length, type, data, CRC of type and data. */
export function pngChunk(type: string, data: Uint8Array = new Uint8Array(0)): Buffer {
  const head = Buffer.alloc(8)
  head.writeUInt32BE(data.length, 0)
  head.write(type, 4, 'latin1')
  const crc = Buffer.alloc(4)
  crc.writeUInt32BE(crc32(Buffer.concat([head.subarray(4), data])))
  return Buffer.concat([head, data, crc])
}

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])

/**
 * A decompression bomb: a black 1-bit palette PNG of width x height whose pixel rows are all
 * zeros, so deflate packs them about 1000:1 (23170x23170 is about 65 KB on disk, 2 GB as RGBA).
 */
export function pngBomb(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13)
  ihdr.writeUInt32BE(width, 0)
  ihdr.writeUInt32BE(height, 4)
  ihdr.set([1, 3, 0, 0, 0], 8) // bit depth 1, palette, deflate, adaptive filter, no interlace
  const rows = Buffer.alloc(height * (1 + Math.ceil(width / 8)))
  return Buffer.concat([
    PNG_SIGNATURE,
    pngChunk('IHDR', ihdr),
    pngChunk('PLTE', Buffer.from([0, 0, 0, 255, 255, 255])),
    pngChunk('IDAT', deflateSync(rows, { level: 9 })),
    pngChunk('IEND'),
  ])
}

/** The PNG with one more chunk just before IEND (the last 12 bytes). */
export function withPngChunk(png: Uint8Array, chunk: Uint8Array): Buffer {
  const bytes = Buffer.from(png)
  return Buffer.concat([bytes.subarray(0, -12), chunk, bytes.subarray(-12)])
}

/**
 * A PNG that really weighs `bytes`: its pixels plus a private ancillary chunk ('prVt', which
 * decoders skip) of zeros. Its size is the image's own, not trailing data.
 */
export function heavyPng(png: Uint8Array, bytes: number): Buffer {
  return withPngChunk(png, pngChunk('prVt', Buffer.alloc(Math.max(0, bytes - png.length - 12))))
}

/** The file's bytes followed by `zeros` zero bytes, after the image's end marker. */
export function padded(bytes: Uint8Array, zeros: number): Buffer {
  return Buffer.concat([bytes, Buffer.alloc(zeros)])
}

export const bytesOf = async (file: Blob) => Buffer.from(await file.arrayBuffer())

export const fileOf = (bytes: Uint8Array, name: string, type = 'image/png') =>
  new File([new Uint8Array(bytes)], name, { type })

/** A GIF of one flat colour, `width`x`height`, made by ffmpeg: 40 MP pack into 170 KB. */
export function flatGif(width: number, height: number): Buffer {
  return execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `color=gray:s=${width}x${height}`],
    ...['-frames:v', '1', '-f', 'gif', 'pipe:1'],
  ])
}
