import type { Composition, FontValue, Slide } from '@storyreel/core'
import { drawFrame, preScaledSize, type Ctx, type Media } from '../engine'
import { FONT_URLS } from './font-urls'

export { FONT_URLS }

/** Adds every font of the font table to document.fonts under its stored value. */
export async function loadFonts(): Promise<void> {
  await Promise.all(
    (Object.entries(FONT_URLS) as [FontValue, string][]).map(async ([value, url]) => {
      document.fonts.add(await new FontFace(value, `url(${url})`).load())
    }),
  )
}

/**
 * Loads a slide's image and scales it once to the size the render uses (preScaledSize), so the
 * preview filters it the same way. A clip is returned as its <video> element, to be played.
 */
export async function loadMedia(
  url: string,
  slide: Slide,
  width: number,
  height: number,
): Promise<Media> {
  if (/\.mp4$/i.test(slide.filename)) {
    const video = document.createElement('video')
    video.src = url
    video.muted = true
    video.loop = true
    video.playsInline = true
    await new Promise((resolve, reject) => {
      video.onloadeddata = resolve
      video.onerror = () => reject(new Error(`cannot load media ${slide.filename}`))
    })
    return { source: video, width: video.videoWidth, height: video.videoHeight }
  }
  const img = new Image()
  img.src = url
  await img.decode().catch(() => {
    throw new Error(`cannot load media ${slide.filename}`)
  })
  const size = preScaledSize(img.naturalWidth, img.naturalHeight, width, height, slide)
  const bitmap = await createImageBitmap(img, {
    resizeWidth: size.width,
    resizeHeight: size.height,
    resizeQuality: 'high',
  })
  return { source: bitmap, width: size.width, height: size.height }
}

/**
 * Draws slide `slideIndex` at t seconds into `canvas`, sized to the movie (scale it down with
 * CSS): the very drawFrame of the render, so text wraps and effects land the same.
 * `media` maps a slide's filename to what loadMedia gave.
 */
export function drawSlidePreview(
  canvas: HTMLCanvasElement,
  composition: Composition,
  slideIndex: number,
  t: number,
  media: ReadonlyMap<string, Media>,
): void {
  const slide = composition.composition[slideIndex]
  if (!slide) return
  const { width, height } = composition.movieParams
  if (canvas.width !== width) canvas.width = width
  if (canvas.height !== height) canvas.height = height
  const ctx = canvas.getContext('2d') as Ctx
  drawFrame(ctx, { width, height, slide, media: media.get(slide.filename) ?? null }, t)
}

/** Plays a slide in a loop with requestAnimationFrame; returns a function that stops it. */
export function playSlidePreview(
  canvas: HTMLCanvasElement,
  composition: Composition,
  slideIndex: number,
  media: ReadonlyMap<string, Media>,
): () => void {
  const slide = composition.composition[slideIndex]
  if (!slide) return () => {}
  let frame = 0
  const start = performance.now()
  const tick = (now: number) => {
    drawSlidePreview(
      canvas,
      composition,
      slideIndex,
      ((now - start) / 1000) % slide.duration,
      media,
    )
    frame = requestAnimationFrame(tick)
  }
  frame = requestAnimationFrame(tick)
  return () => cancelAnimationFrame(frame)
}
