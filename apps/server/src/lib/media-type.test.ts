import { describe, expect, it } from 'vitest'
import { bytesOf } from '../../test/crafted-media'
import { pictureFile } from '../../test/media-fixtures'
import { detectMediaTypeOf, storedExtension } from './media-type'

const bytes = (...parts: (string | number[])[]) =>
  Buffer.concat(
    parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))),
  )

const pad = (b: Buffer) => Buffer.concat([b, Buffer.alloc(64)])

describe('detectMediaTypeOf', () => {
  it('recognises each accepted type by its content', async () => {
    expect((await detectMediaTypeOf(await bytesOf(pictureFile('a.png'))))?.mime).toBe('image/png')
    const jpeg = await bytesOf(pictureFile('a.jpg', { format: 'jpeg' }))
    expect((await detectMediaTypeOf(jpeg))?.mime).toBe('image/jpeg')
    expect((await detectMediaTypeOf(pad(bytes('GIF89a'))))?.mime).toBe('image/gif')
    const webp = pad(bytes('RIFF', [1, 2, 3, 4], 'WEBPVP8 '))
    expect((await detectMediaTypeOf(webp))?.mime).toBe('image/webp')
    const mp4 = pad(bytes([0, 0, 0, 32], 'ftypisom'))
    expect((await detectMediaTypeOf(mp4))?.mime).toBe('video/mp4')
  })

  it('refuses text, HEIC and QuickTime whatever their names say', async () => {
    expect(await detectMediaTypeOf(pad(bytes('hello world, not an image')))).toBeNull()
    expect(await detectMediaTypeOf(pad(bytes([0, 0, 0, 24], 'ftypheic')))).toBeNull()
    expect(await detectMediaTypeOf(pad(bytes([0, 0, 0, 20], 'ftypqt  ')))).toBeNull()
    expect(await detectMediaTypeOf(bytes([0x89], 'PNG'))).toBeNull()
  })
})

describe('storedExtension', () => {
  const jpeg = { mime: 'image/jpeg', kind: 'image' as const, extensions: ['.jpg', '.jpeg'] }
  it('keeps an extension that fits the real type', () => {
    expect(storedExtension('Holiday.JPEG', jpeg)).toBe('.jpeg')
  })
  it("uses the type's own when the name lies or has none", () => {
    expect(storedExtension('photo.png', jpeg)).toBe('.jpg')
    expect(storedExtension('photo', jpeg)).toBe('.jpg')
  })
})
