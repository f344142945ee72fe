import { describe, expect, it } from 'vitest'
import { looksAlike, openerScore, orderMedia } from './ordering'
import { description } from './test-description'

const names = (ds: { filename: string }[]) => ds.map((d) => d.filename)

const dark = description({ filename: 'dark.png', brightness: 0.12, sharpness: 0.1 })
const strong = description({
  filename: 'strong.png',
  brightness: 0.6,
  sharpness: 0.5,
  dominantColors: ['#e8a030', '#2060c0'],
})
const plain = (filename: string, dominantColors: string[]) =>
  description({ filename, dominantColors })

describe('orderMedia', () => {
  it('opens with a clearly stronger picture, the rest in their order', () => {
    const ds = [dark, plain('b.png', ['#aa3333']), strong, plain('d.png', ['#33aa33'])]
    expect(names(orderMedia(ds))).toEqual(['strong.png', 'dark.png', 'b.png', 'd.png'])
  })

  it('keeps the person’s opener when it is about as good', () => {
    const good = description({ filename: 'good.png', brightness: 0.55, sharpness: 0.4 })
    expect(names(orderMedia([good, strong]))).toEqual(['good.png', 'strong.png'])
  })

  it('moves no flat picture up, however bright', () => {
    const red = description({ filename: 'red.png', brightness: 0.21, sharpness: 0 })
    const lime = description({ filename: 'lime.png', brightness: 0.72, sharpness: 0 })
    expect(names(orderMedia([red, lime]))).toEqual(['red.png', 'lime.png'])
  })

  it('never moves clips, and opens with a clip unless a picture is strong', () => {
    const clip = (filename: string) => description({ filename, kind: 'video', duration: 4 })
    const ds = [clip('v1.mp4'), dark, clip('v2.mp4'), strong]
    const ordered = names(orderMedia(ds))
    expect(ordered).toEqual(['strong.png', 'v1.mp4', 'dark.png', 'v2.mp4'])
    expect(names(orderMedia([clip('v1.mp4'), dark]))).toEqual(['v1.mp4', 'dark.png'])
  })

  it('parts near-identical pictures shown back to back', () => {
    const a1 = plain('a1.png', ['#3366aa', '#ddeeff'])
    const a2 = plain('a2.png', ['#3468ab', '#dcedfe'])
    const b = plain('b.png', ['#aa3333', '#221100'])
    expect(names(orderMedia([a1, a2, b]))).toEqual(['a1.png', 'b.png', 'a2.png'])
    // Nothing different within reach: the order stays.
    expect(names(orderMedia([a1, a2]))).toEqual(['a1.png', 'a2.png'])
  })

  it('is stable: equal pictures keep their order, and ordering twice changes nothing', () => {
    const ds = ['a', 'b', 'c', 'd'].map((n, i) =>
      plain(`${n}.png`, [['#aa3333'], ['#33aa33'], ['#3333aa'], ['#aaaa33']][i]!),
    )
    expect(names(orderMedia(ds))).toEqual(['a.png', 'b.png', 'c.png', 'd.png'])
    const once = orderMedia([dark, strong, plain('c.png', ['#aa3333'])])
    expect(orderMedia(once)).toEqual(once)
  })

  it('handles none', () => {
    expect(orderMedia([])).toEqual([])
  })
})

describe('openerScore', () => {
  it('prefers well lit, detailed, colourful pictures', () => {
    expect(openerScore(strong)).toBeGreaterThan(openerScore(dark))
    expect(openerScore(description({ brightness: 0.98 }))).toBeLessThan(
      openerScore(description({ brightness: 0.7 })),
    )
    expect(openerScore(strong)).toBeLessThanOrEqual(1)
  })
})

describe('looksAlike', () => {
  it('needs the same shape, light, detail and leading colours', () => {
    const a = plain('a.png', ['#3366aa'])
    expect(looksAlike(a, plain('b.png', ['#3a6cae']))).toBe(true)
    expect(looksAlike(a, plain('b.png', ['#aa3333']))).toBe(false)
    expect(looksAlike(a, { ...a, brightness: 0.8 })).toBe(false)
    expect(looksAlike(a, { ...a, orientation: 'portrait' })).toBe(false)
    expect(looksAlike(a, { ...a, dominantColors: [] })).toBe(false)
  })
})
