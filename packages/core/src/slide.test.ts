import { describe, expect, it } from 'vitest'
import { SlideSchema } from './slide'

const slide = (filename: string) => ({ id: 'x', filename, duration: 3 })

describe('SlideSchema', () => {
  it('accepts a stored media name with an accepted extension', () => {
    for (const name of ['x.png', 'x.jpeg', 'x.jpg', 'x.webp', 'x.gif', 'x.mp4', 'a1_b-2.PNG']) {
      expect(SlideSchema.safeParse(slide(name)).success, name).toBe(true)
    }
  })

  it('defaults the effect list to empty', () => {
    expect(SlideSchema.parse(slide('x.png')).effects).toEqual([])
  })

  it('rejects file names that climb or leave the upload folder', () => {
    for (const name of ['../x.png', '..\\x.png', 'a/x.png', '/etc/x.png', '..', 'x.png/..']) {
      expect(SlideSchema.safeParse(slide(name)).success, name).toBe(false)
    }
  })

  it('rejects other extensions', () => {
    for (const name of ['x.txt', 'x.bmp', 'x.mov', 'x.png.exe', 'x', 'x.svg']) {
      expect(SlideSchema.safeParse(slide(name)).success, name).toBe(false)
    }
  })

  it('needs an id and a positive duration', () => {
    expect(SlideSchema.safeParse({ id: '', filename: 'x.png', duration: 3 }).success).toBe(false)
    expect(SlideSchema.safeParse({ id: 'x', filename: 'x.png', duration: -2 }).success).toBe(false)
  })
})
