import { describe, expect, it } from 'vitest'
import { sniffMediaType, storedExtension } from './file-type'

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  )

const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc(16)])

describe('sniffMediaType', () => {
  it('recognises each accepted type by its first bytes', () => {
    expect(sniffMediaType(pad(bytes([0x89], 'PNG\r\n\x1a\n')))?.mime).toBe('image/png')
    expect(sniffMediaType(pad(bytes([0xff, 0xd8, 0xff, 0xe0])))?.mime).toBe('image/jpeg')
    expect(sniffMediaType(pad(bytes('GIF89a')))?.mime).toBe('image/gif')
    expect(sniffMediaType(pad(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 ')))?.mime).toBe('image/webp')
    expect(sniffMediaType(pad(bytes([0, 0, 0, 32], 'ftypisom')))?.mime).toBe('video/mp4')
  })

  it('refuses text, HEIC and QuickTime whatever their names say', () => {
    expect(sniffMediaType(pad(bytes('hello world, not an image')))).toBeNull()
    expect(sniffMediaType(pad(bytes([0, 0, 0, 24], 'ftypheic')))).toBeNull()
    expect(sniffMediaType(pad(bytes([0, 0, 0, 20], 'ftypqt  ')))).toBeNull()
    expect(sniffMediaType(bytes([0x89], 'PNG'))).toBeNull()
  })
})

describe('storedExtension', () => {
  const jpeg = sniffMediaType(pad(bytes([0xff, 0xd8, 0xff, 0xe0])))!
  it('keeps an extension that fits the real type', () => {
    expect(storedExtension('Holiday.JPEG', jpeg)).toBe('.jpeg')
  })
  it("uses the type's own when the name lies or has none", () => {
    expect(storedExtension('photo.png', jpeg)).toBe('.jpg')
    expect(storedExtension('photo', jpeg)).toBe('.jpg')
  })
})
