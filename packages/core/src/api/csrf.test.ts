import { describe, expect, it } from 'vitest'
import { csrfTokenCache } from './csrf'

describe('csrfTokenCache', () => {
  it('fetches once, keeps no failure, and fetches again once forgotten', async () => {
    let fetches = 0
    const answers = [Promise.reject(new Error('offline')), 'a', 'b']
    const cache = csrfTokenCache(async () => answers[fetches++]!)
    await expect(cache.get()).rejects.toThrow('offline')
    expect(await Promise.all([cache.get(), cache.get()])).toEqual(['a', 'a'])
    cache.forget()
    expect(await cache.get()).toBe('b')
    expect(fetches).toBe(3)
  })
})
