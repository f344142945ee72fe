import { DEFAULT_TRANSITION, MAX_SLIDES } from '@storyreel/core'
import type { Composition, MediaFile } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { slideFor } from '../customize/add-media'
import { backPath, mergeFiles, slideRoom, uploadPath } from './destinations'

const file = (name: string, type: MediaFile['type'] = 'image'): MediaFile => ({
  name,
  path: `/api/web/tasks/user/uploads/${name}`,
  type,
  compressedUrl: null,
  isExternalProvider: false,
  videoPath: null,
  lastModified: '2024-01-01T00:00:00.000Z',
})

function compositionOf(slides: number): Composition {
  return {
    movieParams: { width: 1080, height: 1920, voice: null },
    renderedVideoUrl: null,
    composition: Array.from({ length: slides }, (_, i) => slideFor(file(`s${i}.jpg`), null)),
  } as Composition
}

describe('backPath', () => {
  it('goes to the editor, else the upload step, else the start (SPEC section 2)', () => {
    expect(backPath({ composition: compositionOf(1), ratio: '9:16' })).toBe('/customize')
    expect(backPath({ composition: null, ratio: '9:16' })).toBe('/upload')
    expect(backPath({ composition: null, ratio: null })).toBe('/format')
  })

  it('sends new uploads to /upload only once a ratio is chosen', () => {
    expect(uploadPath('1:1')).toBe('/upload')
    expect(uploadPath(null)).toBe('/format')
  })
})

describe('mergeFiles', () => {
  it('adds the chosen files after the others, once each', () => {
    const merged = mergeFiles([file('a.jpg'), file('b.jpg')], [file('b.jpg'), file('c.mp4')])
    expect(merged.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg', 'c.mp4'])
  })
})

describe('slideRoom', () => {
  it('is what is left of the slide limit', () => {
    expect(slideRoom(compositionOf(3))).toBe(MAX_SLIDES - 3)
    expect(slideRoom(compositionOf(MAX_SLIDES))).toBe(0)
  })
})

describe('slideFor', () => {
  it('shows a picture 4 s, under the id of its file, dissolving into a slide after it', () => {
    expect(slideFor(file('abc123.jpg'), null)).toEqual({
      id: 'abc123',
      filename: 'abc123.jpg',
      duration: 4,
      effects: [],
      transition: DEFAULT_TRANSITION,
    })
  })

  it('plays a clip for its length, at least 1 s and at most a slide’s longest', () => {
    expect(slideFor(file('clip.mp4', 'video'), 7.26).duration).toBe(7.3)
    expect(slideFor(file('clip.mp4', 'video'), 0.2).duration).toBe(1)
    expect(slideFor(file('clip.mp4', 'video'), 600).duration).toBe(60)
    // Its length could not be read: as long as a picture.
    expect(slideFor(file('clip.mp4', 'video'), null).duration).toBe(4)
  })
})
