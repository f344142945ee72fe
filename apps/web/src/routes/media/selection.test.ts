import type { MediaFile } from '@storyreel/core'
import { describe, expect, it } from 'vitest'
import { isSelected, positionOf, toggle, without } from './selection'

const file = (name: string): MediaFile => ({
  name,
  path: `/api/web/tasks/user/uploads/${name}`,
  type: 'image',
  compressedUrl: null,
  isExternalProvider: false,
  videoPath: null,
  lastModified: '2024-01-01T00:00:00.000Z',
})

describe('selection', () => {
  it('keeps the order files were chosen in', () => {
    const chosen = toggle(toggle(toggle([], file('c.jpg')), file('a.jpg')), file('b.jpg'))
    expect(chosen.map((f) => f.name)).toEqual(['c.jpg', 'a.jpg', 'b.jpg'])
    expect(positionOf(chosen, 'a.jpg')).toBe(2)
    expect(positionOf(chosen, 'z.jpg')).toBe(0)
  })

  it('unchooses a chosen file, and the ones after it move up', () => {
    const chosen = toggle([file('a.jpg'), file('b.jpg'), file('c.jpg')], file('a.jpg'))
    expect(chosen.map((f) => f.name)).toEqual(['b.jpg', 'c.jpg'])
    expect(isSelected(chosen, 'a.jpg')).toBe(false)
    expect(positionOf(chosen, 'c.jpg')).toBe(2)
  })

  it('drops a deleted file, and is unchanged when it was not chosen', () => {
    const chosen = [file('a.jpg'), file('b.jpg')]
    expect(without(chosen, 'a.jpg').map((f) => f.name)).toEqual(['b.jpg'])
    expect(without(chosen, 'z.jpg')).toBe(chosen)
  })
})
