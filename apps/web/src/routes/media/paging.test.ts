import type { MediaFile } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { flattenPages, nextPage } from './paging'

const file = (name: string): MediaFile => ({
  name,
  path: `https://images.example/${name}`,
  type: 'image',
  compressedUrl: null,
  isExternalProvider: true,
  videoPath: null,
  lastModified: '2024-01-01T00:00:00.000Z',
})

const page = (count: number, from = 0) =>
  Array.from({ length: count }, (_, i) => file(`f${from + i}`))

describe('nextPage', () => {
  it('asks for another page while a full page of 21 comes back', () => {
    expect(nextPage(page(21), 1)).toBe(2)
    expect(nextPage(page(21), 2)).toBe(3)
  })

  it('stops after a short or empty page', () => {
    expect(nextPage(page(20), 1)).toBeUndefined()
    expect(nextPage([], 3)).toBeUndefined()
  })

  it('stops at the last page the server serves', () => {
    expect(nextPage(page(21), 99)).toBe(100)
    expect(nextPage(page(21), 100)).toBeUndefined()
  })
})

describe('flattenPages', () => {
  it('joins the pages in order and shows an item that comes again once', () => {
    const items = flattenPages([page(3), [file('f2'), file('f9')]])
    expect(items.map((item) => item.name)).toEqual(['f0', 'f1', 'f2', 'f9'])
  })
})
