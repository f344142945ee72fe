import type { FontValue, Slide } from '@storyreel/core'
import { backdropSize, preScaledSize, type Backdrop, type Media } from '../engine'
import { FONT_URLS } from './font-urls'
import { makeLayer } from './make-layer'

export { FONT_URLS }
export {
  drawFrame,
  estimatedCaptions,
  FPS,
  hiddenByCaptions,
  momentAt,
  shotsOf,
  type Media,
  type Moment,
  type SceneCaptions,
  type Shot,
} from '../engine'
export { MediaCache, type LoadMedia } from './media-cache'
export {
  advance,
  clampTime,
  MAX_STEP_SECONDS,
  playFrom,
  posterTime,
  type ClockStep,
  type Playhead,
  type PlayMode,
} from './playback-clock'
export {
  DRAFT_SCALE,
  drawPreviewFrame,
  hasCostlyEffect,
  type PreviewFrameOptions,
} from './preview-renderer'
export { PREVIEW_LONG_SIDE, previewSize, previewSlide, type PreviewSize } from './preview-size'
export { canvasMeasure, textBoxAt, type MeasureText, type TextBox } from './text-box'

let fonts: Promise<void> | undefined

/**
 * Adds every font of the font table to document.fonts under its stored value, once. Draw no
 * text before it resolves: text layouts are cached by font, and a fallback font's widths
 * would stay.
 */
export function loadFonts(): Promise<void> {
  fonts ??= Promise.all(
    (Object.entries(FONT_URLS) as [FontValue, string][]).map(async ([value, url]) => {
      document.fonts.add(await new FontFace(value, `url(${url})`).load())
    }),
  ).then(
    () => {},
    (error: unknown) => {
      fonts = undefined
      throw error
    },
  )
  return fonts
}

/** Media from another origin (the app's API elsewhere) must be read with its cookies and CORS. */
function crossOrigin(url: string): 'use-credentials' | null {
  return new URL(url, location.href).origin === location.origin ? null : 'use-credentials'
}

/** A small canvas for the backdrop of a fitted frame of this size (drawFrame paints it). */
function backdrop(width: number, height: number, live: boolean): Backdrop {
  const size = backdropSize(width, height)
  return { ...makeLayer(size.width, size.height), ...size, live }
}

/**
 * Loads a slide's media for a width x height frame. A picture is scaled once to the size the
 * frame needs (preScaledSize, as the render does), so it filters the same way; a preview-sized
 * frame gives a preview-sized copy. A clip is returned as its <video> element, to be played.
 */
export async function loadMedia(
  url: string,
  slide: Slide,
  width: number,
  height: number,
): Promise<Media> {
  if (/\.mp4$/i.test(slide.filename)) {
    const video = document.createElement('video')
    video.crossOrigin = crossOrigin(url)
    video.src = url
    video.muted = true
    video.loop = true
    video.playsInline = true
    video.preload = 'auto'
    await new Promise((resolve, reject) => {
      video.onloadeddata = resolve
      video.onerror = () => reject(new Error(`cannot load media ${slide.filename}`))
    })
    return {
      source: video,
      width: video.videoWidth,
      height: video.videoHeight,
      backdrop: backdrop(width, height, true),
      makeLayer,
    }
  }
  const img = new Image()
  img.crossOrigin = crossOrigin(url)
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
  return {
    source: bitmap,
    width: size.width,
    height: size.height,
    backdrop: backdrop(width, height, false),
    makeLayer,
  }
}
