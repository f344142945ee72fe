import sharp from 'sharp'
import { describe, expect, it } from 'vitest'
import { bytesOf, padded, pngBomb, pngChunk, withPngChunk } from '../../test/crafted-media'
import { clipFile, pictureFile } from '../../test/media-fixtures'
import { bufferSource, MalformedMedia } from './byte-reader'
import { walkContainer } from './media-container'

const walk = (bytes: Uint8Array, mime: string) => walkContainer(bufferSource(bytes), mime)

const solid = (width: number, height: number, channels: 3 | 4 = 3) =>
  sharp({ create: { width, height, channels, background: { r: 200, g: 80, b: 30, alpha: 0.5 } } })

/** One sample of each accepted type, with its pixel size. */
async function samples() {
  const noisy = await solid(300, 200).composite([{ input: await noise(), blend: 'over' }])
  return [
    {
      what: 'PNG',
      mime: 'image/png',
      bytes: await bytesOf(pictureFile('a.png')),
      size: [320, 240],
    },
    {
      what: 'JPEG',
      mime: 'image/jpeg',
      bytes: await bytesOf(pictureFile('a.jpg', { width: 640, height: 480, format: 'jpeg' })),
      size: [640, 480],
    },
    {
      what: 'progressive JPEG',
      mime: 'image/jpeg',
      bytes: await noisy.clone().jpeg({ progressive: true }).toBuffer(),
      size: [300, 200],
    },
    {
      what: 'GIF',
      mime: 'image/gif',
      bytes: await noisy.clone().gif().toBuffer(),
      size: [300, 200],
    },
    {
      what: 'lossy WebP',
      mime: 'image/webp',
      bytes: await noisy.clone().webp().toBuffer(),
      size: [300, 200],
    },
    {
      what: 'lossless WebP',
      mime: 'image/webp',
      bytes: await solid(301, 203).webp({ lossless: true }).toBuffer(),
      size: [301, 203],
    },
    {
      what: 'WebP with alpha (VP8X)',
      mime: 'image/webp',
      bytes: await solid(120, 90, 4).webp().toBuffer(),
      size: [120, 90],
    },
    { what: 'MP4', mime: 'video/mp4', bytes: await bytesOf(clipFile('a.mp4', 1)), size: null },
  ]
}

/** Random pixels, so the compressed data holds every byte value (0xFF stuffing in JPEG). */
async function noise() {
  const pixels = Buffer.alloc(300 * 200 * 3)
  for (let i = 0; i < pixels.length; i++) pixels[i] = (i * 2654435761) >>> 24
  return sharp(pixels, { raw: { width: 300, height: 200, channels: 3 } })
    .png()
    .toBuffer()
}

describe('walkContainer', async () => {
  const all = await samples()

  it.each(all)('finds the end and the size of a $what', async ({ bytes, mime, size }) => {
    const info = await walk(bytes, mime)
    expect(info.end).toBe(bytes.length)
    if (size) expect(info.dimensions).toEqual({ width: size[0], height: size[1] })
  })

  it.each(all)('tells a $what from the zeros padded after it', async ({ bytes, mime }) => {
    expect((await walk(padded(bytes, 100_000), mime)).end).toBe(bytes.length)
  })

  it.each(all)('refuses a $what cut short', async ({ bytes, mime }) => {
    await expect(walk(bytes.subarray(0, Math.floor(bytes.length * 0.6)), mime)).rejects.toThrow(
      MalformedMedia,
    )
  })

  it("ends a Samsung motion photo at its JPEG's end, before the appended clip", async () => {
    const jpeg = await bytesOf(pictureFile('m.jpg', { format: 'jpeg' }))
    const motion = Buffer.concat([jpeg, await bytesOf(clipFile('m.mp4', 1))])
    expect((await walk(motion, 'image/jpeg')).end).toBe(jpeg.length)
  })

  it("reads a bomb's size from its header, without inflating it", async () => {
    const info = await walk(pngBomb(23170, 23170), 'image/png')
    expect(info.dimensions).toEqual({ width: 23170, height: 23170 })
  })

  it('counts a GIF frame that reaches beyond the logical screen', async () => {
    const gif = Buffer.from(await solid(10, 10).gif().toBuffer())
    const descriptor = gif.indexOf(0x2c, 13)
    gif.writeUInt16LE(5000, descriptor + 5)
    expect((await walk(gif, 'image/gif')).dimensions).toEqual({ width: 5000, height: 10 })
  })

  it('refuses a PNG chunk that claims more than the file holds', async () => {
    const png = await bytesOf(pictureFile('a.png'))
    const liar = pngChunk('tEXt', Buffer.from('comment'))
    liar.writeUInt32BE(1e9, 0)
    await expect(walk(withPngChunk(png, liar), 'image/png')).rejects.toThrow(MalformedMedia)
  })

  it('refuses an MP4 box that claims more than the file holds', async () => {
    const mp4 = await bytesOf(clipFile('a.mp4', 1))
    const box = Buffer.from('\0\0\0\0free')
    box.writeUInt32BE(1e6, 0)
    await expect(walk(Buffer.concat([mp4, box]), 'video/mp4')).rejects.toThrow(MalformedMedia)
  })

  it('finds a JPEG marker whose 0xFF is the last byte of a read', async () => {
    const jpeg = await bytesOf(pictureFile('a.jpg', { format: 'jpeg' }))
    const scan = jpeg.indexOf(Buffer.from([0xff, 0xda]))
    const data = scan + 2 + jpeg.readUInt16BE(scan + 2)
    // Stuffed zeros, then EOI with its 0xFF exactly at the end of the first 64 KiB read.
    const entropy = Buffer.alloc(64 * 1024 + 1)
    entropy.set([0xff, 0x00, 0xd0, 0xff, 0x00], 10)
    entropy.set([0xff, 0xd9], 64 * 1024 - 1)
    const bytes = Buffer.concat([jpeg.subarray(0, data), entropy.subarray(0, 64 * 1024 + 1)])
    expect((await walk(padded(bytes, 10), 'image/jpeg')).end).toBe(data + 64 * 1024 + 1)
  })
})
