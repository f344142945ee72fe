import { describe, expect, it } from 'vitest'
import { MediaNameSchema, StockSearchQuerySchema } from './media'

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

describe('StockSearchQuerySchema', () => {
  it("fills the page's defaults: page 1 of 21, a 1920x1090 frame, no query", () => {
    expect(StockSearchQuerySchema.parse({})).toEqual({
      query: '',
      page: 1,
      per_page: 21,
      w: 1920,
      h: 1090,
    })
  })

  it('reads query strings and bounds them', () => {
    expect(
      StockSearchQuerySchema.parse({ query: ' sea ', page: '2', per_page: '30' }),
    ).toMatchObject({ query: 'sea', page: 2, per_page: 30 })
    for (const bad of [
      { per_page: '31' },
      { page: '0' },
      { w: '5000' },
      { query: 'x'.repeat(101) },
    ]) {
      expect(StockSearchQuerySchema.safeParse(bad).success, JSON.stringify(bad)).toBe(false)
    }
  })
})
