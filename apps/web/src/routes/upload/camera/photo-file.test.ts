import { isAcceptedUpload } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { dataUrlBytes, photoFile, photoFileName } from './photo-file'

describe('photoFile', () => {
  it('names the photo after the moment it was taken', () => {
    expect(photoFileName(1_726_000_000_123)).toBe('photo_1726000000123.jpeg')
  })

  it('is a JPEG File that the upload checks accept', async () => {
    const file = photoFile(new Uint8Array([0xff, 0xd8, 0xff, 0xd9]), 42)
    expect(file.name).toBe('photo_42.jpeg')
    expect(file.type).toBe('image/jpeg')
    expect(file.lastModified).toBe(42)
    expect([...new Uint8Array(await file.arrayBuffer())]).toEqual([0xff, 0xd8, 0xff, 0xd9])
    expect(isAcceptedUpload(file)).toBe(true)
  })
})

describe('dataUrlBytes', () => {
  it('decodes what the native camera answers', () => {
    expect([...dataUrlBytes('data:image/jpeg;base64,/9j/2Q==')]).toEqual([0xff, 0xd8, 0xff, 0xd9])
  })

  it('refuses anything but a base64 data URL', () => {
    expect(() => dataUrlBytes('https://example.com/a.jpeg')).toThrow()
    expect(() => dataUrlBytes('data:image/jpeg,abc')).toThrow()
    expect(() => dataUrlBytes('data:image/jpeg;base64,')).toThrow()
  })
})
