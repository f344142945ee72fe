import { describe, expect, it } from 'vitest'
import { mediaCount } from './upload-tiles'

const tiles = (photos: number, clips: number) => [
  ...Array.from({ length: photos }, () => ({ kind: 'image' as const })),
  ...Array.from({ length: clips }, () => ({ kind: 'video' as const })),
]

describe('mediaCount', () => {
  it('counts photos and clips, each in the singular or the plural', () => {
    expect(mediaCount(tiles(1, 1))).toBe('1 photo · 1 clip')
    expect(mediaCount(tiles(3, 2))).toBe('3 photos · 2 clips')
  })

  it('leaves out a kind there is none of', () => {
    expect(mediaCount(tiles(2, 0))).toBe('2 photos')
    expect(mediaCount(tiles(0, 1))).toBe('1 clip')
    expect(mediaCount([])).toBe('')
  })
})
