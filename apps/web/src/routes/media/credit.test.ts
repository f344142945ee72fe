import type { MediaFile } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { creditOf, tileLabel } from './credit'

const stock = (name: string, extra: Partial<MediaFile> = {}): MediaFile => ({
  name,
  path: `https://images.example/${name}`,
  type: 'image',
  compressedUrl: null,
  isExternalProvider: true,
  videoPath: null,
  lastModified: '2024-01-01T00:00:00.000Z',
  author: 'Jeff Sheldon',
  authorUrl: 'https://unsplash.com/@ugmonk?utm_source=storyreel',
  sourceUrl: 'https://unsplash.com/photos/x?utm_source=storyreel',
  ...extra,
})

describe('creditOf', () => {
  it('names the author and the provider of a stock item, with their links', () => {
    expect(creditOf(stock('unsplash-Ph0to1.jpg'))).toEqual({
      kind: 'Photo',
      author: 'Jeff Sheldon',
      authorUrl: 'https://unsplash.com/@ugmonk?utm_source=storyreel',
      site: 'Unsplash',
      siteUrl: 'https://unsplash.com/photos/x?utm_source=storyreel',
    })
    expect(creditOf(stock('pexels-video-2001.mp4', { type: 'video' }))).toMatchObject({
      kind: 'Video',
      site: 'Pexels',
    })
    expect(creditOf(stock('pixabay-3001.jpg', { authorUrl: undefined }))).toMatchObject({
      site: 'Pixabay',
      authorUrl: null,
    })
  })

  it('is null for the user’s own files, unknown providers and items without an author', () => {
    expect(creditOf(stock('abc.jpg', { isExternalProvider: false }))).toBeNull()
    expect(creditOf(stock('flickr-1.jpg'))).toBeNull()
    expect(creditOf(stock('unsplash-1.jpg', { author: undefined }))).toBeNull()
  })
})

describe('tileLabel', () => {
  it('says who made a stock item, or what an upload is and where', () => {
    expect(tileLabel(stock('unsplash-1.jpg'), 0)).toBe('Photo by Jeff Sheldon')
    expect(tileLabel(stock('a.mp4', { isExternalProvider: false, type: 'video' }), 2)).toBe(
      'Clip 3',
    )
    expect(tileLabel(stock('a.png', { isExternalProvider: false }), 0)).toBe('Picture 1')
  })
})
