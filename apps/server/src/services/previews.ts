import sharp from 'sharp'
import { UPLOAD_RULES, type MediaKind } from '@storyreel/core'
import { clipStill, probeMedia, scaleToRgb, type MediaTools } from '@storyreel/render/server'

/** Previews fill a grid cell or a phone's width, no more. */
export const PREVIEW_MAX_WIDTH = 720
/** A long strip of a picture stops here (WebP allows 16383), three times its width. */
const PREVIEW_MAX_HEIGHT = 3 * PREVIEW_MAX_WIDTH
const FRAME_TIMEOUT_MS = 30_000

/**
 * A clip's frame at 1 s (or its middle when shorter) as PNG, already no wider than a preview,
 * in the colours a browser plays the clip with.
 */
async function posterFrame(file: string, tools: MediaTools): Promise<Buffer> {
  const info = await probeMedia(file, tools)
  // ffmpeg turns phone clips upright before the filters, so iw is the width as shown.
  const scale = scaleToRgb(`'min(${PREVIEW_MAX_WIDTH},iw)':-2`, info, 'rgb24')
  return clipStill(file, info, scale, ['-f', 'image2pipe', '-c:v', 'png'], {
    tools,
    signal: AbortSignal.timeout(FRAME_TIMEOUT_MS),
  })
}

/**
 * Writes a stored file's preview to `out` as WebP: a picture turned upright by its EXIF
 * orientation and shrunk to PREVIEW_MAX_WIDTH wide at most, keeping its shape (a GIF's first
 * frame); a clip's poster frame. Decoding runs on libuv's threads, like the analysis.
 */
export async function writePreview(file: string, kind: MediaKind, out: string, tools: MediaTools) {
  const input = kind === 'video' ? await posterFrame(file, tools) : file
  await sharp(input, {
    limitInputPixels: UPLOAD_RULES.maxImagePixels,
    failOn: 'error',
    autoOrient: true,
  })
    .resize({
      width: PREVIEW_MAX_WIDTH,
      height: PREVIEW_MAX_HEIGHT,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .webp({ quality: 75 })
    .toFile(out)
}
