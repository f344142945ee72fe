import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'
import type { PixelPass } from '../engine/effects/distort'

/**
 * The render's native helpers, built by packages/render/native/build.sh (decision 014). Each is
 * null where it is not built, and the render does the same work without it, at more CPU.
 */

/** Writes an RGBA frame into `out` as planar YUV 4:2:0 (width * height * 3 / 2 bytes). */
export type RgbaToI420 = (rgba: Buffer, width: number, height: number, out: Buffer) => void

const require = createRequire(import.meta.url)
const loaded = new Map<string, unknown>()

function addon<T>(file: string, name: string): T | null {
  if (!loaded.has(file)) {
    const path = fileURLToPath(new URL(`../../native/build/${file}`, import.meta.url))
    loaded.set(file, existsSync(path) ? (require(path) as Record<string, T>)[name] : null)
  }
  return loaded.get(file) as T | null
}

/** libyuv's conversion; without it ffmpeg converts the RGBA frames it is piped. */
export const rgbaToI420 = () => addon<RgbaToI420>('rgba-to-i420.node', 'rgbaToI420')

/** The distort effect's pixel pass in C; without it, the engine's own JavaScript pass. */
export const distortPass = () => addon<PixelPass>('distort-pass.node', 'distortPass')
