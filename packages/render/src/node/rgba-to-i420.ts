import { existsSync } from 'node:fs'
import { createRequire } from 'node:module'
import { fileURLToPath } from 'node:url'

/** Writes an RGBA frame into `out` as planar YUV 4:2:0 (width * height * 3 / 2 bytes). */
export type RgbaToI420 = (rgba: Buffer, width: number, height: number, out: Buffer) => void

const ADDON = new URL('../../native/build/rgba-to-i420.node', import.meta.url)

let loaded: RgbaToI420 | null | undefined

/**
 * The native converter built by packages/render/native/build.sh, or null where it is not built
 * (no libyuv): the render then pipes RGBA and ffmpeg converts, which costs more CPU a frame.
 */
export function rgbaToI420(): RgbaToI420 | null {
  if (loaded === undefined) {
    loaded = existsSync(ADDON)
      ? (createRequire(import.meta.url)(fileURLToPath(ADDON)) as { rgbaToI420: RgbaToI420 })
          .rgbaToI420
      : null
  }
  return loaded
}
