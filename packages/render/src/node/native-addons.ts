import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath, pathToFileURL } from 'node:url'
import type { PixelPass } from '../engine/effects/distort'
import { TURBULENCE_OCTAVES } from '../engine/random'
import { turbulenceGrid } from '../engine/turbulence-grid'

/**
 * The render's native helpers, built by packages/render/native/build.sh (decision 014). Each is
 * null where it is not built, and the render does the same work without it, at more CPU.
 */

/** Writes an RGBA frame into `out` as planar YUV 4:2:0 (width * height * 3 / 2 bytes). */
export type RgbaToI420 = (rgba: Buffer, width: number, height: number, out: Buffer) => void

const require = createRequire(import.meta.url)
const loaded = new Map<string, unknown>()
/** Where they are: native/build/, or another build (test-native.sh's, with the sanitizers). */
const buildDir = process.env.RENDER_NATIVE_DIR
  ? pathToFileURL(`${process.env.RENDER_NATIVE_DIR}/`)
  : new URL('../../native/build/', import.meta.url)

function addon<T>(file: string, name: string): T | null {
  const key = `${file}#${name}`
  if (!loaded.has(key)) {
    const path = fileURLToPath(new URL(file, buildDir))
    loaded.set(key, existsSync(path) ? (require(path) as Record<string, T>)[name] : null)
  }
  return loaded.get(key) as T | null
}

/** libyuv's conversion; without it ffmpeg converts the RGBA frames it is piped. */
export const rgbaToI420 = () => addon<RgbaToI420>('rgba-to-i420.node', 'rgbaToI420')

/** The distort effect's pixel pass in C; without it, the engine's own JavaScript pass. */
export const distortPass = () => addon<PixelPass>('distort-pass.node', 'distortPass')

/** The same pass as a CPU without AVX2 runs it (SSE2 and scalar), for its tests. */
export const distortPassWithoutAvx2 = () =>
  addon<PixelPass>('distort-pass.node', 'distortPassWithoutAvx2')

/**
 * The distort effect's turbulence grid in C (turbulence-grid.c), the same floats as the
 * engine's JavaScript, which still computes the grids whose numbers are past what the C computes
 * exactly (the addon answers false for those).
 */
export function turbulenceGridNative(): typeof turbulenceGrid | null {
  type Native = (...args: Parameters<typeof turbulenceGrid>) => boolean
  const native = addon<Native>('turbulence-grid.node', 'turbulenceGrid')
  if (!native) return null
  return (out, grid, z, seed, octaves = TURBULENCE_OCTAVES) => {
    if (!native(out, grid, z, seed, octaves)) turbulenceGrid(out, grid, z, seed, octaves)
  }
}

/**
 * While a render runs, freed frame buffers stay with the process for the next frames instead of
 * going back to the kernel (frame-memory.c); the last render's release gives them back. Where
 * the addon is not built (no glibc), renders fault in fresh pages for their buffers as before.
 */
export function holdFrameMemory(): () => void {
  const hold = addon<() => void>('frame-memory.node', 'holdFrameMemory')
  const release = addon<() => void>('frame-memory.node', 'releaseFrameMemory')
  if (!hold || !release) return () => {}
  hold()
  return release
}

/**
 * Frees a frame's read-back the render is done with (frame-memory.c) at once, not at V8's next
 * full collection, and answers true; the view is empty afterwards. A view of part of a buffer
 * (a small Buffer's pool), or any view without the addon, is left to the collector.
 */
export function discardFrame(view: ArrayBufferView): boolean {
  return (
    addon<(view: ArrayBufferView) => boolean>('frame-memory.node', 'discardFrame')?.(view) ?? false
  )
}
