import { createCanvas, GlobalFonts } from '@napi-rs/canvas'
import { FONTS } from '@storyreel/core'
import { existsSync, readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { FONT_FILES, fontPath, registerFonts } from '../src/node'

describe('fonts', () => {
  it('has one existing file for every entry of the font table', () => {
    expect(Object.keys(FONT_FILES).sort()).toEqual(FONTS.map((f) => f.value).sort())
    for (const { value } of FONTS) expect(existsSync(fontPath(value)), value).toBe(true)
  })

  it('gives the browser the very same files', () => {
    const source = readFileSync(new URL('../src/browser/font-urls.ts', import.meta.url), 'utf8')
    const imports = new Map(
      [...source.matchAll(/import (\w+) from '([^']+)\?url'/g)].map((m) => [
        m[1]!,
        m[2]!.replace('../../fonts/', './fonts/'),
      ]),
    )
    const map = new Map(
      [...source.matchAll(/^\s+'?([\w-]+)'?: (\w+),$/gm)].map((m) => [m[1]!, imports.get(m[2]!)]),
    )
    expect(Object.fromEntries(map)).toEqual(FONT_FILES)
  })

  it('registers every font under its stored value, each with its own glyph widths', () => {
    registerFonts()
    const ctx = createCanvas(10, 10).getContext('2d')
    const width = (family: string) => {
      ctx.font = `100px "${family}"`
      return ctx.measureText('Hamburgefonstiv 0123').width
    }
    const widths = FONTS.map((f) => width(f.value))
    expect(new Set(widths.map((w) => w.toFixed(1))).size).toBe(FONTS.length)
    // The stored value draws with our file, not a system font of the same name.
    for (const { value } of FONTS) {
      GlobalFonts.registerFromPath(fontPath(value), `file of ${value}`)
      expect(width(value), value).toBe(width(`file of ${value}`))
    }
  })

  it('uses metric-compatible substitutes: Arial and Helvetica set alike, Courier monospaced', () => {
    registerFonts()
    const ctx = createCanvas(10, 10).getContext('2d')
    const w = (family: string, s: string) => {
      ctx.font = `100px "${family}"`
      return ctx.measureText(s).width
    }
    expect(w('Arial', 'Hamburgefonstiv')).toBeCloseTo(w('Helvetica', 'Hamburgefonstiv'), -1)
    expect(w('Courier', 'iiii')).toBeCloseTo(w('Courier', 'MMMM'))
  })
})
