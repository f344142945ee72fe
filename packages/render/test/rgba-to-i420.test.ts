import { createCanvas, loadImage } from '@napi-rs/canvas'
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { beforeAll, describe, expect, it } from 'vitest'
import { startEncoder } from '../src/node/encoder'
import { rgbaToI420, type RgbaToI420 } from '../src/node/native-addons'
import { grabFrame, psnr, tempDir, writeTestCard, type Picture } from './helpers'

const W = 320
const H = 240
const convert = rgbaToI420()
let card: Buffer
let dir: string

beforeAll(async () => {
  dir = await tempDir()
  await writeTestCard(join(dir, 'card.png'), W, H)
  const ctx = createCanvas(W, H).getContext('2d')
  ctx.drawImage(await loadImage(join(dir, 'card.png')), 0, 0)
  card = Buffer.from(ctx.getImageData(0, 0, W, H).data.buffer)
})

/** PSNR of two planes of 8-bit samples, in dB. */
function planePsnr(a: Uint8Array, b: Uint8Array): number {
  let se = 0
  for (let i = 0; i < a.length; i++) se += (a[i]! - b[i]!) ** 2
  return se === 0 ? Infinity : 10 * Math.log10((255 * 255 * a.length) / se)
}

/** The last frame of a short video encoded from these RGBA frames. */
async function encoded(name: string, frames: Buffer[], c: RgbaToI420 | null): Promise<Picture> {
  const file = join(dir, name)
  const encoder = startEncoder({
    ...{ width: W, height: H, frames: frames.length, outFile: file },
    ...{ narration: null, clips: [], ffmpeg: 'ffmpeg', convert: c },
  })
  // The encoder takes each frame it is given (and frees it once converted): give it copies.
  for (const f of frames) await encoder.write(Buffer.from(f))
  await encoder.finish()
  return grabFrame(file, frames.length - 1)
}

describe.skipIf(!convert)('rgbaToI420 (skipped without libyuv: native/build.sh)', () => {
  it("converts a frame as ffmpeg's own conversion does, plane by plane", () => {
    const ours = Buffer.alloc((W * H * 3) / 2)
    convert!(card, W, H, ours)
    const theirs = spawnSync(
      'ffmpeg',
      [
        ...['-v', 'error', '-f', 'rawvideo', '-pix_fmt', 'rgba', '-s', `${W}x${H}`, '-i', '-'],
        ...['-f', 'rawvideo', '-pix_fmt', 'yuv420p', 'pipe:1'],
      ],
      { input: card, maxBuffer: 1 << 24 },
    ).stdout
    expect(theirs.length).toBe(ours.length)
    const y = W * H
    const c = y / 4
    // Luma alike to the rounding; chroma differs only by how each 2x2 block is averaged.
    expect(planePsnr(ours.subarray(0, y), theirs.subarray(0, y))).toBeGreaterThan(45)
    expect(planePsnr(ours.subarray(y, y + c), theirs.subarray(y, y + c))).toBeGreaterThan(30)
    expect(planePsnr(ours.subarray(y + c), theirs.subarray(y + c))).toBeGreaterThan(30)
  })

  it('encodes the same picture as RGBA piped to ffmpeg, frame buffers reused in turn', async () => {
    // Three different frames: a buffer reused before ffmpeg read it would show the wrong one.
    const frames = [0, 1, 2].map((k) => {
      const f = Buffer.from(card)
      f.fill(k * 100, 0, W * 4 * 20)
      return f
    })
    const viaRgba = await encoded('rgba.mp4', frames, null)
    const viaI420 = await encoded('i420.mp4', frames, convert)
    expect(psnr(viaRgba, viaI420)).toBeGreaterThan(30)
    expect(viaI420.data[0]).toBeGreaterThan(180)
  }, 30_000)

  it('refuses odd sizes and buffers too small for the frame', () => {
    const out = Buffer.alloc((W * H * 3) / 2)
    expect(() => convert!(card, W - 1, H, out)).toThrow(/even/)
    expect(() => convert!(card, W, H, out.subarray(1))).toThrow(/too small/)
    expect(() => convert!(card.subarray(4), W, H, out)).toThrow(/too small/)
  })
})
