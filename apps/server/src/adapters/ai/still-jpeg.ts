import sharp from 'sharp'
import { UPLOAD_RULES, type CalmRegion } from '@storyreel/core'

/**
 * Longest side of the picture a vision model gets: its low-detail mode looks at 512x512 anyway,
 * so a bigger one costs upload time and nothing else.
 */
const SIDE = 512

/** A small upright JPEG of a stored picture (or a clip's still), for a vision model. */
export function stillJpeg(file: string): Promise<Buffer> {
  return sharp(file, { limitInputPixels: UPLOAD_RULES.maxImagePixels, autoOrient: true })
    .resize(SIDE, SIDE, { fit: 'inside', withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .jpeg({ quality: 80 })
    .toBuffer()
}

/** The JPEG as a data URL for an image_url part: the file never needs a public address. */
export const jpegDataUrl = (jpeg: Buffer) => `data:image/jpeg;base64,${jpeg.toString('base64')}`

/**
 * Mean luma (0 to 1, the local analysis' measure) of a region of the JPEG, given in percent:
 * the composer picks a caption's colour from it.
 */
export async function regionLuma(jpeg: Buffer, region: CalmRegion): Promise<number> {
  const { width, height } = await sharp(jpeg).metadata()
  const left = Math.min(width - 1, Math.floor((region.x / 100) * width))
  const top = Math.min(height - 1, Math.floor((region.y / 100) * height))
  const { channels } = await sharp(jpeg)
    .extract({
      left,
      top,
      width: Math.max(1, Math.min(width - left, Math.round((region.width / 100) * width))),
      height: Math.max(1, Math.min(height - top, Math.round((region.height / 100) * height))),
    })
    .stats()
  const [r, g, b] = channels.map((c) => c.mean)
  return Math.round(((0.2126 * r! + 0.7152 * g! + 0.0722 * b!) / 255) * 1000) / 1000
}
