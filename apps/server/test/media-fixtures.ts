import { execFileSync } from 'node:child_process'
import { readFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { createCanvas } from '@napi-rs/canvas'

/**
 * An HD clip of one flat colour whose stream does not say its YUV matrix (as some editing tools
 * write): its YUV made with BT.709, which browsers assume for such a clip at 720 lines and more.
 */
export function untaggedHdClipFile(name: string, rgb: readonly [number, number, number]): File {
  const hex = rgb.map((c) => c.toString(16).padStart(2, '0')).join('')
  const bytes = execFileSync('ffmpeg', [
    ...['-v', 'error', '-f', 'lavfi', '-i', `color=c=0x${hex}:s=1280x720:r=30:d=2,format=rgb24`],
    ...['-vf', 'scale=out_color_matrix=bt709:out_range=tv,format=yuv420p', '-c:v', 'libx264'],
    ...['-movflags', '+frag_keyframe+empty_moov', '-f', 'mp4', 'pipe:1'],
  ])
  return new File([new Uint8Array(bytes)], name, { type: 'video/mp4' })
}

/** A small real picture: a gradient with a bright disc, encoded as PNG or JPEG. */
export function pictureFile(
  name: string,
  opts: { width?: number; height?: number; hue?: number; format?: 'png' | 'jpeg' } = {},
): File {
  const { width = 320, height = 240, hue = 200, format = 'png' } = opts
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d')
  const g = ctx.createLinearGradient(0, 0, width, height)
  g.addColorStop(0, `hsl(${hue}, 70%, 35%)`)
  g.addColorStop(1, `hsl(${(hue + 60) % 360}, 70%, 60%)`)
  ctx.fillStyle = g
  ctx.fillRect(0, 0, width, height)
  ctx.fillStyle = '#fff7d6'
  ctx.beginPath()
  ctx.arc(width * 0.7, height * 0.35, Math.min(width, height) * 0.15, 0, Math.PI * 2)
  ctx.fill()
  const bytes = format === 'png' ? canvas.toBuffer('image/png') : canvas.toBuffer('image/jpeg')
  return new File([new Uint8Array(bytes)], name, { type: `image/${format}` })
}

export function formWith(files: File[], fields: Record<string, string> = {}): FormData {
  const form = new FormData()
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  for (const f of files) form.append('files', f, f.name)
  return form
}

/**
 * The same JPEG with an EXIF orientation tag, as phones write it: 6 means "turn 90° clockwise
 * to show", so a 320x240 sensor image is a 240x320 portrait photo.
 */
export async function withExifOrientation(file: File, orientation: number): Promise<File> {
  const jpeg = Buffer.from(await file.arrayBuffer())
  // Big-endian TIFF header, one IFD entry: tag 0x0112 (Orientation), SHORT, count 1.
  const tiff = Buffer.from([
    0x4d,
    0x4d,
    0,
    0x2a,
    0,
    0,
    0,
    8,
    0,
    1,
    0x01,
    0x12,
    0,
    3,
    0,
    0,
    0,
    1,
    0,
    orientation,
    0,
    0,
    0,
    0,
    0,
    0,
  ])
  const body = Buffer.concat([Buffer.from('Exif\0\0', 'latin1'), tiff])
  const app1 = Buffer.concat([
    Buffer.from([0xff, 0xe1, (body.length + 2) >> 8, (body.length + 2) & 255]),
    body,
  ])
  const bytes = Buffer.concat([jpeg.subarray(0, 2), app1, jpeg.subarray(2)])
  return new File([new Uint8Array(bytes)], file.name, { type: file.type })
}

/** A short real MP4 clip (H.264, with a test pattern), made by ffmpeg. */
export function clipFile(name: string, seconds = 2, width = 320, height = 240): File {
  const bytes = execFileSync('ffmpeg', [
    '-v',
    'error',
    '-f',
    'lavfi',
    '-i',
    `testsrc2=size=${width}x${height}:rate=30:duration=${seconds}`,
    // Its name in its metadata: clips of different names are different files (the server keeps
    // the same file once).
    '-metadata',
    `comment=${name}`,
    '-c:v',
    'libx264',
    '-pix_fmt',
    'yuv420p',
    '-movflags',
    '+frag_keyframe+empty_moov',
    '-f',
    'mp4',
    'pipe:1',
  ])
  return new File([new Uint8Array(bytes)], name, { type: 'video/mp4' })
}

/** The bench's real photographs, named by hand in bench/vision/labels.json. */
export const PHOTOS_DIR = fileURLToPath(new URL('../../../bench/vision/photos/', import.meta.url))

/** One of the bench's real photographs as an upload. */
export async function photoFile(name: string): Promise<File> {
  return new File([await readFile(path.join(PHOTOS_DIR, name))], name, { type: 'image/jpeg' })
}
