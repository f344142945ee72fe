import { describe, expect, it } from 'vitest'
import { MediaNameSchema } from './media'

describe('MediaNameSchema', () => {
  it('accepts a random id with an accepted extension', () => {
    for (const name of ['0b1c-2d_3.png', 'a.jpeg', 'a.jpg', 'a.webp', 'a.gif', 'a.MP4']) {
      expect(MediaNameSchema.safeParse(name).success, name).toBe(true)
    }
  })

  it('rejects names that climb a path or have another extension', () => {
    for (const name of ['../x.png', 'a/b.png', 'x.txt', 'x.png.exe', '', '.png']) {
      expect(MediaNameSchema.safeParse(name).success, name).toBe(false)
    }
  })
})
