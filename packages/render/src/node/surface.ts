import { createCanvas, type Canvas } from '@napi-rs/canvas'
import type { Ctx } from '../engine'
import { pixelPassJs, useDistortPass } from '../engine/effects/distort'
import { registerFonts } from './fonts'
import { discardFrame, distortPass, turbulenceGridNative } from './native-addons'

export interface Surface {
  canvas: Canvas
  /** Skia's context, typed as the standard one the engine draws on. */
  ctx: Ctx
}

// Once, as this module loads: a caller may still choose the JavaScript pass after it (a bench).
useDistortPass(distortPass() ?? pixelPassJs, discardFrame, turbulenceGridNative() ?? undefined)

export function createSurface(width: number, height: number): Surface {
  registerFonts()
  const canvas = createCanvas(width, height)
  const ctx = canvas.getContext('2d', { alpha: false }) as unknown as Ctx
  return { canvas, ctx }
}
