import { describe, expect, it } from 'vitest'
import { DESCRIBE_BUDGET_PIXELS, decodeWork } from './describe-budget'

const total = (n: number, mime: string, width: number, height: number) =>
  n * decodeWork(mime, width, height)

describe('the describe budget', () => {
  it('takes fifty phone photos, or fifty 12 MP screenshots, in one request', () => {
    expect(total(50, 'image/jpeg', 7746, 5163)).toBeLessThanOrEqual(DESCRIBE_BUDGET_PIXELS)
    expect(total(50, 'image/png', 4000, 3000)).toBeLessThanOrEqual(DESCRIBE_BUDGET_PIXELS)
  })

  it('takes thirty-six 1080p clips, counted as the frames decoded to reach the analysed one', () => {
    expect(total(36, 'video/mp4', 1920, 1080)).toBeLessThanOrEqual(DESCRIBE_BUDGET_PIXELS)
    expect(total(37, 'video/mp4', 1920, 1080)).toBeGreaterThan(DESCRIBE_BUDGET_PIXELS)
  })

  it('stops at fifteen of the largest GIFs, PNGs or WebPs, decoded at full size', () => {
    for (const mime of ['image/gif', 'image/png', 'image/webp']) {
      expect(total(15, mime, 6000, 6600)).toBeLessThanOrEqual(DESCRIBE_BUDGET_PIXELS)
      expect(total(16, mime, 6000, 6600)).toBeGreaterThan(DESCRIBE_BUDGET_PIXELS)
    }
  })
})
