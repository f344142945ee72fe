import { describe, expect, it } from 'vitest'
import { searchCache } from './search-cache'

describe('searchCache', () => {
  it('serves a page again until it expires', async () => {
    let t = 0
    const cache = searchCache<number>({ maxEntries: 10, now: () => t })
    let loads = 0
    const load = async () => ++loads
    expect(await cache.get('a', 1000, load)).toBe(1)
    t = 999
    expect(await cache.get('a', 1000, load)).toBe(1)
    t = 1000
    expect(await cache.get('a', 1000, load)).toBe(2)
  })

  it('shares one load between identical searches made together', async () => {
    const cache = searchCache<number>({ maxEntries: 10 })
    let loads = 0
    const load = () => new Promise<number>((resolve) => setTimeout(() => resolve(++loads), 10))
    const answers = await Promise.all([cache.get('a', 1000, load), cache.get('a', 1000, load)])
    expect(answers).toEqual([1, 1])
  })

  it('never keeps a failure', async () => {
    const cache = searchCache<number>({ maxEntries: 10 })
    await expect(cache.get('a', 1000, () => Promise.reject(new Error('down')))).rejects.toThrow()
    expect(await cache.get('a', 1000, async () => 7)).toBe(7)
  })

  it('drops the least recently used past its size', async () => {
    const cache = searchCache<string>({ maxEntries: 2 })
    await cache.get('a', 1000, async () => 'a1')
    await cache.get('b', 1000, async () => 'b1')
    await cache.get('a', 1000, async () => 'a2')
    await cache.get('c', 1000, async () => 'c1')
    expect(cache.size).toBe(2)
    expect(await cache.get('a', 1000, async () => 'a3')).toBe('a1')
    expect(await cache.get('b', 1000, async () => 'b2')).toBe('b2')
  })
})
