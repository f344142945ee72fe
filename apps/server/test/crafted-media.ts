import { execFileSync } from 'node:child_process'
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
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

/** Raw H.264 (Annex B) of `frames` frames of a lavfi source, each keyframe with its SPS. */
function h264Frames(source: string, frames: number): Buffer {
  return execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', source, '-frames:v', String(frames)],
    ...['-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p'],
    ...['-x264-params', 'repeat-headers=1', '-f', 'h264', 'pipe:1'],
  ])
}

/**
 * A resolution-switch bomb: an MP4 of one H.264 stream, a second at 320x240, then two frames of
 * `side`x`side`, then 320x240 again. ffprobe sizes a clip by its first frames, so it says
 * 320x240; decoding the middle takes hundreds of MB. Made once (encoding 8192x8192 takes
 * seconds) and kept in the system's temporary folder; 300 KB at that size. Its path.
 */
export function resolutionSwitchBomb(side: number): string {
  const file = path.join(tmpdir(), 'storyreel-bombs', `switch-${side}.mp4`)
  if (existsSync(file)) return file
  mkdirSync(path.dirname(file), { recursive: true })
  const small = h264Frames('testsrc2=s=320x240:r=30', 30)
  const large = h264Frames(`color=gray:s=${side}x${side}:r=30`, 2)
  const raw = `${file}.${process.pid}.h264`
  writeFileSync(raw, Buffer.concat([small, large, small]))
  const partial = `${file}.${process.pid}.mp4`
  try {
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-f',
      'h264',
      '-r',
      '30',
      '-i',
      raw,
      '-c',
      'copy',
      partial,
    ])
    renameSync(partial, file)
  } finally {
    rmSync(raw, { force: true })
  }
  return file
}

/** The bytes of a file made by one of the above, as an upload of `name`. */
export const clipOf = (file: string, name: string) => fileOf(readFileSync(file), name, 'video/mp4')
