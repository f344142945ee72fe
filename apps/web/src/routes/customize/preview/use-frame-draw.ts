import type { Composition } from '@storyreel/core'
import {
  drawPreviewFrame,
  estimatedCaptions,
  momentAt,
  shotsOf,
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
    const slides = shown.composition
    if (!slides[slideIndex]) return
    const media = (index: number) => loadedPreviewMedia(slides[index]!, size.width, size.height)
    // A slide held on its first or last frame through a transition keeps its clip paused there.
    for (const shot of shotsOf(momentAt(slides, slideIndex, t))) {
      syncClip(media(shot.slideIndex), shot.t, mode !== null && !shot.held)
    }
    drawPreviewFrame(canvas, shown, slideIndex, t, media, {
      draft: mode !== null,
      captions: (slide) => estimatedCaptions(shown.movieParams, slide),
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
