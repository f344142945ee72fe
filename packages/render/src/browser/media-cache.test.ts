import { SlideSchema, type Slide } from '@storyreel/core'
import { describe, expect, it, vi } from 'vitest'
import type { Media } from '../engine/types'
import { MediaCache } from './media-cache'

const slide = (filename: string, effects: unknown[] = []): Slide =>
  SlideSchema.parse({ id: filename.split('.')[0], filename, duration: 4, effects })

const fake = (): Media => ({ source: {} as CanvasImageSource, width: 10, height: 10 })

describe('MediaCache', () => {
  it('loads a file once per size and zoom range', async () => {
    const load = vi.fn(async () => fake())
    const cache = new MediaCache(load)
    const a = slide('a.jpg')
    const first = await cache.get('/a', a, 540, 960)
    expect(await cache.get('/a', slide('a.jpg'), 540, 960)).toBe(first)
    expect(load).toHaveBeenCalledTimes(1)
    await cache.get('/a', a, 270, 480)
    await cache.get('/a', slide('a.jpg', [{ name: 'zoom', params: { zoomEnd: 200 } }]), 540, 960)
    expect(load).toHaveBeenCalledTimes(3)
  })

  it('loads a picture again when its framing changes what size it needs', async () => {
    const load = vi.fn(async () => fake())
    const cache = new MediaCache(load)
    await cache.get('/a', slide('a.jpg'), 540, 960)
    const fitted = { ...slide('a.jpg'), framing: 'fit' as const }
    await cache.get('/a', fitted, 540, 960)
    expect(load).toHaveBeenCalledTimes(2)
    // Absent is cover.
    await cache.get('/a', { ...slide('a.jpg'), framing: 'cover' }, 540, 960)
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('hands out what has loaded, for a frame drawn now', async () => {
    let resolve: (m: Media) => void = () => {}
    const cache = new MediaCache(() => new Promise<Media>((r) => (resolve = r)))
    const a = slide('a.jpg')
    const loading = cache.get('/a', a, 540, 960)
    expect(cache.peek(a, 540, 960)).toBeNull()
    const media = fake()
    resolve(media)
    await loading
    expect(cache.peek(a, 540, 960)).toBe(media)
    expect(cache.peek(slide('b.jpg'), 540, 960)).toBeNull()
  })

  it('hands out the file at another size while the new size loads', async () => {
    const media = fake()
    const cache = new MediaCache(async () => media)
    await cache.get('/a', slide('a.jpg'), 540, 960)
    const zoomed = slide('a.jpg', [{ name: 'zoom', params: { zoomEnd: 200 } }])
    void cache.get('/a', zoomed, 540, 960)
    expect(cache.peek(zoomed, 540, 960)).toBe(media)
  })

  it('keeps one element per clip, whatever the size', async () => {
    const load = vi.fn(async () => fake())
    const cache = new MediaCache(load)
    await cache.get('/c', slide('c.mp4'), 540, 960)
    await cache.get('/c', slide('c.mp4', [{ name: 'zoom', params: {} }]), 270, 480)
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('forgets a failed load, so the next call tries again', async () => {
    const load = vi
      .fn<() => Promise<Media>>()
      .mockRejectedValueOnce(new Error('cannot load media a.jpg'))
      .mockResolvedValue(fake())
    const cache = new MediaCache(load)
    await expect(cache.get('/a', slide('a.jpg'), 540, 960)).rejects.toThrow('a.jpg')
    await expect(cache.get('/a', slide('a.jpg'), 540, 960)).resolves.toBeTruthy()
    expect(load).toHaveBeenCalledTimes(2)
  })

  it('lets the least recently used pictures go beyond its size', async () => {
    const load = vi.fn(async () => fake())
    const cache = new MediaCache(load, 2)
    await cache.get('/a', slide('a.jpg'), 540, 960)
    await cache.get('/b', slide('b.jpg'), 540, 960)
    await cache.get('/a', slide('a.jpg'), 540, 960) // a is now the most recent
    await cache.get('/c', slide('c.jpg'), 540, 960) // b goes
    await cache.get('/a', slide('a.jpg'), 540, 960)
    expect(load).toHaveBeenCalledTimes(3)
    expect(cache.peek(slide('b.jpg'), 540, 960)).toBeNull()
    await cache.get('/b', slide('b.jpg'), 540, 960)
    expect(load).toHaveBeenCalledTimes(4)
  })
})
