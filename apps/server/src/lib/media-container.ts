import { ByteReader, MalformedMedia, type ByteSource } from './byte-reader'

/**
 * Walking an upload's container, without decoding a pixel: where the image or clip really ends
 * (anything after it is trailing data, which decoders ignore and we strip: padding, an appended
 * video, an HTML page), and a picture's size as its header declares it, to refuse decompression
 * bombs before they are decoded. A file that breaks its own format throws MalformedMedia.
 */
export interface ContainerInfo {
  /** Bytes of the image or clip itself. */
  end: number
  /** A picture's pixel size (canvas of an animation); clips are measured by ffprobe instead. */
  dimensions?: { width: number; height: number }
}

const fail = (why: string): never => {
  throw new MalformedMedia(why)
}

function dimensions(width: number, height: number) {
  if (!(width > 0 && height > 0)) fail(`no picture size (${width}x${height})`)
  return { width, height }
}

/** Chunks from the signature to IEND; the size is IHDR's, which must come first. */
async function walkPng(r: ByteReader): Promise<ContainerInfo> {
  if ((await r.u32be(0)) !== 0x89504e47 || (await r.u32be(4)) !== 0x0d0a1a0a) fail('PNG signature')
  if ((await r.ascii(12, 4)) !== 'IHDR') fail('PNG without IHDR first')
  const size = dimensions(await r.u32be(16), await r.u32be(20))
  for (let pos = 8; ;) {
    const length = await r.u32be(pos)
    const type = await r.ascii(pos + 4, 4)
    if (!/^[A-Za-z]{4}$/.test(type)) fail(`PNG chunk type at ${pos}`)
    const next = pos + 12 + length
    if (next > r.size) fail(`PNG chunk ${type} runs past the end`)
    if (type === 'IEND') return { end: next, dimensions: size }
    pos = next
  }
}

const isStartOfFrame = (code: number) =>
  code >= 0xc0 && code <= 0xcf && code !== 0xc4 && code !== 0xc8 && code !== 0xcc

/**
 * The first position after pos where entropy-coded data ends: a 0xFF that is neither stuffing
 * (FF 00), a restart marker (FF D0-D7) nor fill before a marker (FF FF).
 */
async function endOfScan(r: ByteReader, from: number): Promise<number> {
  for (let pos = from; ;) {
    const data = await r.chunk(pos)
    let i = data.indexOf(0xff)
    while (i !== -1 && i + 1 < data.length) {
      const next = data[i + 1]!
      if (next === 0xff) i += 1
      else if (next === 0x00 || (next >= 0xd0 && next <= 0xd7)) i = data.indexOf(0xff, i + 2)
      else return pos + i
    }
    if (i === -1) pos += data.length
    // An 0xFF at the chunk's edge: read on from it to see what follows.
    else if (i > 0) pos += i
    else fail('JPEG ends inside its data')
  }
}

/** Segments and scans from SOI to the first frame's EOI; the size is the first SOFn's. */
async function walkJpeg(r: ByteReader): Promise<ContainerInfo> {
  if ((await r.u16be(0)) !== 0xffd8) fail('JPEG SOI')
  let size: ContainerInfo['dimensions']
  for (let pos = 2; ;) {
    if ((await r.u8(pos)) !== 0xff) fail(`JPEG marker expected at ${pos}`)
    let code = await r.u8(pos + 1)
    while (code === 0xff) code = await r.u8(++pos + 1)
    pos += 2
    if (code === 0xd9) return size ? { end: pos, dimensions: size } : fail('JPEG without a frame')
    if (code === 0x00) fail(`JPEG marker 00 at ${pos}`)
    if (code === 0x01 || (code >= 0xd0 && code <= 0xd7)) continue // markers without a length
    const length = await r.u16be(pos)
    if (length < 2) fail(`JPEG segment length at ${pos}`)
    if (isStartOfFrame(code) && !size) {
      size = dimensions(await r.u16be(pos + 5), await r.u16be(pos + 3))
    }
    pos += length
    if (code === 0xda) pos = size ? await endOfScan(r, pos) : fail('JPEG scan before its frame')
  }
}

/** Sub-blocks (a length byte, then data) up to the empty one. */
async function skipSubBlocks(r: ByteReader, from: number): Promise<number> {
  let pos = from
  for (let n = await r.u8(pos); n !== 0; n = await r.u8(pos)) pos += 1 + n
  return pos + 1
}

const colourTableBytes = (flags: number) => (flags & 0x80 ? 3 << ((flags & 7) + 1) : 0)

/**
 * Blocks from the screen descriptor to the trailer. The size covers the logical screen and
 * every frame, since a frame may claim more than the screen it is drawn on.
 */
async function walkGif(r: ByteReader): Promise<ContainerInfo> {
  if (!/^GIF8[79]a$/.test(await r.ascii(0, 6))) fail('GIF header')
  let width = await r.u16le(6)
  let height = await r.u16le(8)
  let pos = 13 + colourTableBytes(await r.u8(10))
  for (;;) {
    const block = await r.u8(pos)
    if (block === 0x3b) return { end: pos + 1, dimensions: dimensions(width, height) }
    if (block === 0x21) {
      pos = await skipSubBlocks(r, pos + 2)
    } else if (block === 0x2c) {
      width = Math.max(width, (await r.u16le(pos + 1)) + (await r.u16le(pos + 5)))
      height = Math.max(height, (await r.u16le(pos + 3)) + (await r.u16le(pos + 7)))
      // Descriptor, local colour table, then the LZW code size byte before the data.
      pos = await skipSubBlocks(r, pos + 10 + colourTableBytes(await r.u8(pos + 9)) + 1)
    } else {
      fail(`GIF block ${block} at ${pos}`)
    }
  }
}

/** The size from a WebP chunk that declares one (VP8X canvas, VP8 key frame, VP8L header). */
async function webpChunkSize(r: ByteReader, fourcc: string, data: number) {
  if (fourcc === 'VP8X') {
    return dimensions((await r.u24le(data + 4)) + 1, (await r.u24le(data + 7)) + 1)
  }
  if (fourcc === 'VP8 ') {
    if ((await r.u24le(data + 3)) !== 0x2a019d) fail('VP8 start code')
    return dimensions((await r.u16le(data + 6)) & 0x3fff, (await r.u16le(data + 8)) & 0x3fff)
  }
  if (fourcc === 'VP8L') {
    if ((await r.u8(data)) !== 0x2f) fail('VP8L signature')
    const bits = await r.u32le(data + 1)
    return dimensions((bits & 0x3fff) + 1, ((bits >>> 14) & 0x3fff) + 1)
  }
  return undefined
}

/** The RIFF's own size ends the file; its chunks must fit inside it. */
async function walkWebp(r: ByteReader): Promise<ContainerInfo> {
  if ((await r.ascii(0, 4)) !== 'RIFF' || (await r.ascii(8, 4)) !== 'WEBP') fail('WebP header')
  const end = 8 + (await r.u32le(4))
  if (end > r.size) fail('WebP RIFF runs past the end')
  let size: ContainerInfo['dimensions']
  for (let pos = 12; pos < end;) {
    const fourcc = await r.ascii(pos, 4)
    const length = await r.u32le(pos + 4)
    size ??= await webpChunkSize(r, fourcc, pos + 8)
    // Chunks are padded to an even length.
    pos += 8 + length + (length & 1)
    if (pos > end) fail(`WebP chunk ${fourcc} runs past the RIFF`)
  }
  return size ? { end, dimensions: size } : fail('WebP without a picture size')
}

const isFourCC = (b: Uint8Array) => b.every((c) => c >= 0x20 && c <= 0x7e)

/**
 * Top-level boxes from ftyp on. What follows the last box and is no box (a size and a printable
 * type) is trailing data; a box that claims more than the file holds is a cut-short file.
 */
async function walkMp4(r: ByteReader): Promise<ContainerInfo> {
  if ((await r.ascii(4, 4)) !== 'ftyp') fail('MP4 without ftyp first')
  let pos = 0
  while (r.size - pos >= 8 && isFourCC(await r.bytes(pos + 4, 4))) {
    const size = await r.u32be(pos)
    // 1: a 64-bit size follows the type; 0: the box runs to the end of the file.
    const length = size === 1 ? await r.u64be(pos + 8) : size === 0 ? r.size - pos : size
    if (length < (size === 1 ? 16 : 8)) fail(`MP4 box size ${length} at ${pos}`)
    if (pos + length > r.size) fail(`MP4 box at ${pos} runs past the end`)
    pos += length
  }
  return { end: pos }
}

const WALKERS: Record<string, (r: ByteReader) => Promise<ContainerInfo>> = {
  'image/png': walkPng,
  'image/jpeg': walkJpeg,
  'image/gif': walkGif,
  'image/webp': walkWebp,
  'video/mp4': walkMp4,
}

/** Walks a file of one of the accepted upload types (by its detected MIME type). */
export function walkContainer(source: ByteSource, mime: string): Promise<ContainerInfo> {
  const walk = WALKERS[mime]
  if (!walk) throw new Error(`no container walker for ${mime}`)
  return walk(new ByteReader(source))
}
