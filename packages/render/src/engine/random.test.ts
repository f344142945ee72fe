import { describe, expect, it } from 'vitest'
import { hashString, seededRandom, turbulence3, valueNoise3 } from './random'

describe('seeded randomness', () => {
  it('repeats for a seed and differs between seeds', () => {
    const a = seededRandom(hashString('slide-1'))
    const b = seededRandom(hashString('slide-1'))
    const c = seededRandom(hashString('slide-2'))
    const xs = [a(), a(), a()]
    expect([b(), b(), b()]).toEqual(xs)
    expect(c()).not.toBe(xs[0])
    for (const x of xs) expect(x).toBeGreaterThanOrEqual(0)
  })

  it('gives smooth noise in [-1, 1]', () => {
    for (let i = 0; i < 200; i++) {
      const n = turbulence3(i * 0.37, i * 0.11, i * 0.05, 7)
      expect(Math.abs(n)).toBeLessThanOrEqual(1)
    }
    // Nearby points have nearby values.
    const d = Math.abs(valueNoise3(1.5, 2.5, 0.3, 1) - valueNoise3(1.501, 2.5, 0.3, 1))
    expect(d).toBeLessThan(0.01)
  })
})
