import { describe, expect, it } from 'vitest'
import { DEFAULT_FONT, FONTS, resolveFont } from './fonts'

// SPEC section 3, "Fonts (label, stored value)".
const SPEC_FONTS = [
  ['Arial', 'Arial'],
  ['Times New Roman', 'Times-Roman'],
  ['Helvetica', 'Helvetica'],
  ['Courier', 'Courier'],
  ['Georgia', 'Georgia'],
  ['Verdana', 'Verdana'],
  ['Impact', 'Impact'],
  ['Comic Sans MS', 'Comic-Sans-MS'],
  ['Trebuchet MS', 'Trebuchet-MS'],
  ['Palatino', 'Palatino'],
  ['Garamond', 'Garamond'],
  ['Bookman', 'Bookman'],
  ['Avant Garde', 'Avant-Garde'],
]

describe('FONTS', () => {
  it('lists the 13 spec fonts with their labels and stored values, in order', () => {
    expect(FONTS).toHaveLength(13)
    expect(FONTS.map((f) => [f.label, f.value])).toEqual(SPEC_FONTS)
  })

  it('defaults to Arial', () => {
    expect(DEFAULT_FONT).toBe('Arial')
  })
})

describe('resolveFont', () => {
  it('keeps every known stored value', () => {
    for (const [, value] of SPEC_FONTS) expect(resolveFont(value)).toBe(value)
  })

  it('falls back to Arial for unknown, empty and missing fonts', () => {
    expect(resolveFont('Wingdings')).toBe('Arial')
    expect(resolveFont('Times New Roman')).toBe('Arial')
    expect(resolveFont('times-roman')).toBe('Arial')
    expect(resolveFont('')).toBe('Arial')
    expect(resolveFont(null)).toBe('Arial')
    expect(resolveFont(undefined)).toBe('Arial')
  })
})
