import type { Composition } from '@storyreel/core'
import {
  drawPreviewFrame,
  estimatedCaptions,
  type Media,
  type Playhead,
  type PlayMode,
  type PreviewSize,
} from '@storyreel/render/browser'
import { useCallback, useEffect, useRef, type RefObject } from 'react'
import { syncClip } from './clip-sync'
import { loadedPreviewMedia } from './preview-media'

/** The latest of what the frame shows, read by the frame loop without restarting it. */
export interface LiveFrame {
  /** The composition as drawn (with a text draft). */
  shown: Composition
  size: PreviewSize
  mode: PlayMode | null
  /** The slide the editor shows, and how to move it on while the whole video plays. */
  slideIndex: number
  onSlideChange(index: number): void
}

/**
 * `draw` draws the frame at the playhead now; `requestDraw`, in the next animation frame (once,
 * however many changes ask for it while paused).
 */
export function useFrameDraw(
  canvasRef: RefObject<HTMLCanvasElement | null>,
  head: RefObject<Playhead>,
  live: RefObject<LiveFrame>,
) {
  const draw = useCallback(() => {
    const canvas = canvasRef.current
    if (!canvas) return
    const { shown, size, mode } = live.current
    const { slideIndex, t } = head.current
    const at = shown.composition[slideIndex]
    if (!at) return
    const media = loadedPreviewMedia(at, size.width, size.height)
    syncClip(media, t, mode !== null)
    drawPreviewFrame(canvas, shown, slideIndex, t, media, {
      draft: mode !== null,
      captions: estimatedCaptions(shown.movieParams, at),
    })
  }, [canvasRef, head, live])

  const pending = useRef(0)
  const requestDraw = useCallback(() => {
    if (pending.current) return
    pending.current = requestAnimationFrame(() => {
      pending.current = 0
      draw()
    })
  }, [draw])
  useEffect(() => () => cancelAnimationFrame(pending.current), [])

  return { draw, requestDraw }
}

/** A clip's frame changes when its seek lands: draw it then. */
export function useRedrawOnSeeked(media: Media | null, requestDraw: () => void) {
  useEffect(() => {
    const video = media?.source
    if (!(video instanceof HTMLVideoElement)) return
    video.addEventListener('seeked', requestDraw)
    return () => {
      video.removeEventListener('seeked', requestDraw)
      video.pause()
    }
  }, [media, requestDraw])
}
