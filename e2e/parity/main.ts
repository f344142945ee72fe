// The parity page: the editor's preview code (@storyreel/render/browser) and nothing else, so
// e2e/preview-parity.test.ts can compare what Chromium draws with the server's frame.
import type { Composition } from '@storyreel/core'
import { drawSlidePreview, loadFonts, loadMedia } from '@storyreel/render/browser'

export interface TextMetricsSubset {
  width: number
  fontBoundingBoxAscent: number
  fontBoundingBoxDescent: number
}

declare global {
  interface Window {
    /** Slide `slideIndex` at t seconds, its media from `mediaUrl`, as a PNG data URL. */
    drawParity(
      composition: Composition,
      slideIndex: number,
      t: number,
      mediaUrl: string,
    ): Promise<string>
    /** What text layout reads from `ctx.measureText(text)` in `px`px of the font table's `font`. */
    measureParity(font: string, px: number, text: string): Promise<TextMetricsSubset>
  }
}

let fonts: Promise<void> | undefined
const fontsLoaded = () => (fonts ??= loadFonts())

window.drawParity = async (composition, slideIndex, t, mediaUrl) => {
  await fontsLoaded()
  const slide = composition.composition[slideIndex]
  if (!slide) throw new RangeError(`no slide ${slideIndex}`)
  const { width, height } = composition.movieParams
  const media = await loadMedia(mediaUrl, slide, width, height)
  const canvas = document.createElement('canvas')
  drawSlidePreview(canvas, composition, slideIndex, t, new Map([[slide.filename, media]]))
  if (media.source instanceof ImageBitmap) media.source.close()
  return canvas.toDataURL('image/png')
}

window.measureParity = async (font, px, text) => {
  await fontsLoaded()
  const ctx = document.createElement('canvas').getContext('2d')!
  ctx.font = `${px}px "${font}"`
  const m = ctx.measureText(text)
  return {
    width: m.width,
    fontBoundingBoxAscent: m.fontBoundingBoxAscent,
    fontBoundingBoxDescent: m.fontBoundingBoxDescent,
  }
}
