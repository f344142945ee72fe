import { describe, expect, it } from 'vitest'
import { formatLength, formatSeconds } from './format'

describe('formatLength', () => {
  it('shows minutes and seconds, rounded to the second', () => {
    expect(formatLength(0)).toBe('0:00')
    expect(formatLength(9.4)).toBe('0:09')
    expect(formatLength(42.6)).toBe('0:43')
    expect(formatLength(59.6)).toBe('1:00')
    expect(formatLength(65)).toBe('1:05')
    expect(formatLength(600)).toBe('10:00')
  })
})

describe('formatSeconds', () => {
  it('keeps a tenth under a minute', () => {
    expect(formatSeconds(4.54)).toBe('4.5 s')
    expect(formatSeconds(65)).toBe('1:05 min')
  })
})
