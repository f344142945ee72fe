import { describe, expect, it } from 'vitest'
import { cleanOriginalName } from './original-name'

describe('cleanOriginalName', () => {
  it('keeps an ordinary name, accents and emoji included', () => {
    expect(cleanOriginalName('Plage d’été 🏖️.jpg')).toBe('Plage d’été 🏖️.jpg')
  })

  it('drops NUL, other control characters and bidirectional overrides', () => {
    expect(cleanOriginalName('a\0b\x07\x1b[31mc\x7f\x85.png')).toBe('ab[31mc.png')
    expect(cleanOriginalName('photo\u202egnp.exe')).toBe('photognp.exe')
  })

  it('cuts long names at 255 characters without splitting a surrogate pair', () => {
    const cut = cleanOriginalName('x'.repeat(254) + '😀😀')
    expect(Array.from(cut)).toHaveLength(255)
    expect(cut.endsWith('😀')).toBe(true)
  })
})
