import { GlobalFonts } from '@napi-rs/canvas'
import { FONTS, type FontValue } from '@storyreel/core'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import { FONT_FILES } from './font-files'

const require = createRequire(import.meta.url)
const packageRoot = new URL('../../', import.meta.url)

/** Absolute path of a font table entry's file. */
export function fontPath(value: FontValue): string {
  const spec = FONT_FILES[value]
  return spec.startsWith('./') ? fileURLToPath(new URL(spec, packageRoot)) : require.resolve(spec)
}

let registered = false

/**
 * Registers every font file under its stored value (the family name drawFrame asks for).
 * Skia also sees system fonts, which is why unknown values are mapped to Arial in our code.
 */
export function registerFonts(): void {
  if (registered) return
  for (const { value } of FONTS) {
    if (!GlobalFonts.registerFromPath(fontPath(value), value)) {
      throw new Error(`cannot load font file for ${value}: ${fontPath(value)}`)
    }
  }
  registered = true
}
