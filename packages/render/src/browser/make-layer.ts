import type { Ctx, Layer } from '../engine/types'

/** A canvas of its own for the engine to draw on (a backdrop, a blur's small copy, a slide). */
export function makeLayer(width: number, height: number): Layer {
  const canvas = document.createElement('canvas')
  canvas.width = width
  canvas.height = height
  return { source: canvas, ctx: canvas.getContext('2d') as Ctx }
}
