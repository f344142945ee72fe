import { describe, expect, it } from 'vitest'
import { DEFAULT_STORYREEL_URL, storyreelOrigin } from './server-url'

describe('storyreelOrigin', () => {
  it('defaults to the server on this machine', () => {
    expect(storyreelOrigin(undefined)).toBe(DEFAULT_STORYREEL_URL)
    expect(storyreelOrigin('  ')).toBe(DEFAULT_STORYREEL_URL)
  })

  it('keeps the origin of an http(s) address, with or without its trailing slash', () => {
    expect(storyreelOrigin('https://storyreel.example.com')).toBe('https://storyreel.example.com')
    expect(storyreelOrigin('https://Storyreel.example.com/')).toBe('https://storyreel.example.com')
    expect(storyreelOrigin('http://192.168.1.20:3000')).toBe('http://192.168.1.20:3000')
  })

  it('refuses what would not load the app at its root', () => {
    for (const bad of [
      'storyreel.example.com',
      'ftp://storyreel.example.com',
      'https://storyreel.example.com/app',
      'https://storyreel.example.com/?x=1',
      'https://user:pass@storyreel.example.com',
    ]) {
      expect(() => storyreelOrigin(bad), bad).toThrow(/STORYREEL_URL/)
    }
  })
})
