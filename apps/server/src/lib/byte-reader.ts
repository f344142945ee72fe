/** Random access to a file's bytes, so format walkers need not know where the bytes live. */
export interface ByteSource {
  readonly size: number
  /** Up to `length` bytes from `offset`: fewer only at the end of the source. */
  read(offset: number, length: number): Promise<Uint8Array>
}

export function bufferSource(bytes: Uint8Array): ByteSource {
  return {
    size: bytes.length,
    read: async (offset, length) => bytes.subarray(offset, offset + length),
  }
}

/** A file that does not follow its own format: cut short, or a length that points nowhere. */
export class MalformedMedia extends Error {}

/** 64 KiB per read: a few reads cover a header, and a long scan yields to other work often. */
const WINDOW = 64 * 1024

/**
 * Reads a source through one cached window, so walking many small headers costs few reads.
 * Asking for bytes past the end throws MalformedMedia.
 */
export class ByteReader {
  private window: Uint8Array = new Uint8Array(0)
  private windowStart = 0

  constructor(private readonly source: ByteSource) {}

  get size(): number {
    return this.source.size
  }

  /** Exactly n bytes (at most 64 KiB) from pos. */
  async bytes(pos: number, n: number): Promise<Uint8Array> {
    if (pos < 0 || pos + n > this.size) {
      throw new MalformedMedia(`needs bytes ${pos}-${pos + n} of ${this.size}`)
    }
    const inWindow = pos >= this.windowStart && pos + n <= this.windowStart + this.window.length
    if (!inWindow) {
      this.window = await this.source.read(pos, Math.max(n, WINDOW))
      this.windowStart = pos
    }
    return this.window.subarray(pos - this.windowStart, pos - this.windowStart + n)
  }

  /** The bytes from pos on, as many as one read gives (at least one): for scanning long data. */
  chunk(pos: number): Promise<Uint8Array> {
    return this.bytes(pos, Math.max(1, Math.min(WINDOW, this.size - pos)))
  }

  private async view(pos: number, n: number): Promise<DataView> {
    const b = await this.bytes(pos, n)
    return new DataView(b.buffer, b.byteOffset, n)
  }

  async u8(pos: number): Promise<number> {
    return (await this.bytes(pos, 1))[0]!
  }
  async u16be(pos: number): Promise<number> {
    return (await this.view(pos, 2)).getUint16(0)
  }
  async u16le(pos: number): Promise<number> {
    return (await this.view(pos, 2)).getUint16(0, true)
  }
  async u24le(pos: number): Promise<number> {
    const b = await this.bytes(pos, 3)
    return b[0]! | (b[1]! << 8) | (b[2]! << 16)
  }
  async u32be(pos: number): Promise<number> {
    return (await this.view(pos, 4)).getUint32(0)
  }
  async u32le(pos: number): Promise<number> {
    return (await this.view(pos, 4)).getUint32(0, true)
  }
  async u64be(pos: number): Promise<number> {
    return Number((await this.view(pos, 8)).getBigUint64(0))
  }
  async ascii(pos: number, n: number): Promise<string> {
    return String.fromCharCode(...(await this.bytes(pos, n)))
  }
}
